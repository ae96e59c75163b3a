/** A visitor's or the owner's photo, judged by its bytes and decoded upright, with no metadata kept (044, 049). */
import { randomBytes } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import { PHOTO_MAX_SIDE } from '~/lib/quote/lead-photos'
import { decodeToRaw, type RawImage } from '../images/image-variants.server'

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError'
}

const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'])
// A decompression bomb stops here: 100 megapixels is more than any phone camera.
export const MAX_PIXELS = 100_000_000
const SHARP_OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const

function isIsoMedia(bytes: Uint8Array): boolean {
  return bytes.length > 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp'
}

// One photo decodes at a time, across all uploads: a 12-megapixel decode takes about 50 MB and both cores.
let decoding: Promise<unknown> = Promise.resolve()
export function decodeInTurn<T>(job: () => Promise<T>): Promise<T> {
  const next = decoding.then(job)
  decoding = next.catch(() => undefined)
  return next
}

async function checkedFormat(bytes: Uint8Array): Promise<void> {
  const { format } = await sharp(bytes, SHARP_OPTIONS).metadata()
  if (!format || !FORMATS.has(format)) throw new NotAnImageError(`not a photo format: ${format ?? 'unknown'}`)
}

// sharp's prebuilt libvips reads HEIF only with AV1 inside; an iPhone's HEIC is HEVC, which libheif's wasm
// build decodes (upright: it applies the file's rotation itself). Loaded on the first HEIC: it is 2 MB of
// script that every server start would parse otherwise.
async function decodeHeic(bytes: Uint8Array): Promise<RawImage> {
  const { all } = await import('heic-decode')
  const images = await all({ buffer: bytes })
  try {
    const first = images[0]
    // The size is in the header: a bomb is refused before its pixels are allocated.
    if (!first || first.width * first.height > MAX_PIXELS) throw new NotAnImageError('too many pixels')
    const { width, height, data } = await first.decode()
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), info: { width, height, channels: 4 } }
  } finally {
    images.dispose()
  }
}

/** Sniffed by sharp first, HEIC by libheif when sharp cannot; anything else is a NotAnImageError. */
async function readPhoto<T>(bytes: Uint8Array, viaSharp: () => Promise<T>, viaHeic: () => Promise<T>): Promise<T> {
  try {
    await checkedFormat(bytes)
    return await viaSharp()
  } catch (error) {
    if (!isIsoMedia(bytes)) throw error instanceof NotAnImageError ? error : new NotAnImageError(String(error))
    return viaHeic().catch((heicError: unknown) => {
      throw heicError instanceof NotAnImageError ? heicError : new NotAnImageError(String(heicError))
    })
  }
}

/** Upright sRGB pixels of a photo, at most MAX_PIXELS of them. */
export function decodePhoto(bytes: Uint8Array): Promise<RawImage> {
  return readPhoto(
    bytes,
    () => decodeToRaw(bytes, MAX_PIXELS),
    () => decodeHeic(bytes),
  )
}

function finish(image: Sharp): Promise<Buffer> {
  // sharp writes no metadata unless asked: no EXIF, GPS, XMP or ICC leaves the server.
  return image
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
}

/** `name` is `<32 hex>.jpg`, unique within its lead. */
export async function encodeLeadPhoto(bytes: Uint8Array): Promise<{ name: string; bytes: Uint8Array }> {
  const jpeg = await readPhoto(
    bytes,
    () => finish(sharp(bytes, SHARP_OPTIONS).rotate()),
    async () => {
      const { data, info } = await decodeHeic(bytes)
      return finish(sharp(data, { raw: info }))
    },
  )
  return { name: `${randomBytes(16).toString('hex')}.jpg`, bytes: new Uint8Array(jpeg) }
}
