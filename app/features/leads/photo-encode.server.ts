/** A visitor's or the owner's photo, judged by its bytes and decoded upright, with no metadata kept (044, 049, 051). */
import { randomBytes } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import { PHOTO_MAX_SIDE } from '~/features/leads/lead-photos'
import { decodeHeicApart, HeicUnreadable } from '../../platform/images/heic-process.server'
import { decodeToRaw, type RawImage } from '../../platform/images/image-variants.server'

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError'
}

const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'])
// A decompression bomb stops here: 100 megapixels is more than any phone camera.
export const MAX_PIXELS = 100_000_000
// libheif's wasm build decodes a whole HEIC at full size, about 13 bytes a pixel (620 MB for 48 megapixels). The
// largest phone HEIC is 48 megapixels (8064 × 6048): 50 million leaves a little room, no more (decision 051).
export const MAX_HEIF_PIXELS = 50_000_000
const SHARP_OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const

const notAnImage = (error: unknown): never => {
  throw new NotAnImageError(String(error))
}

// One photo decodes at a time, across all uploads: a 12-megapixel decode takes about 50 MB and both cores.
let decoding: Promise<unknown> = Promise.resolve()
export function decodeInTurn<T>(job: () => Promise<T>): Promise<T> {
  const next = decoding.then(job)
  decoding = next.catch(() => undefined)
  return next
}

/**
 * How a photo decodes, from sharp's reading of its header alone: no pixel is decoded to refuse it. sharp's
 * prebuilt libvips decodes HEIF only with AV1 inside; an iPhone's HEIC is HEVC, which goes to libheif's wasm.
 */
async function decoderOf(bytes: Uint8Array): Promise<'sharp' | 'heic'> {
  const { format, width = 0, height = 0, compression } = await sharp(bytes, SHARP_OPTIONS).metadata().catch(notAnImage)
  if (!format || !FORMATS.has(format)) throw new NotAnImageError(`not a photo format: ${format ?? 'unknown'}`)
  if (format !== 'heif') return 'sharp'
  if (width * height > MAX_HEIF_PIXELS)
    throw new NotAnImageError(`more pixels than a phone takes: ${width} × ${height}`)
  return compression === 'hevc' ? 'heic' : 'sharp'
}

/**
 * Upright RGBA pixels of a HEIC, its shorter side at most `side`; a file the child cannot decode is not an image, a
 * child that cannot start is ours.
 */
function heicPixels(bytes: Uint8Array, side: number): Promise<RawImage> {
  return decodeHeicApart(bytes, MAX_HEIF_PIXELS, side).catch((error: unknown) => {
    throw error instanceof HeicUnreadable ? new NotAnImageError(error.message) : error
  })
}

/**
 * Upright sRGB pixels of a photo of at most MAX_PIXELS, shrunk until their shorter side is `side`: all that a photo
 * or frame cell `side` px wide and tall can use.
 */
export async function decodePhoto(bytes: Uint8Array, side: number): Promise<RawImage> {
  if ((await decoderOf(bytes)) === 'heic') return heicPixels(bytes, side)
  return decodeToRaw(bytes, { limitInputPixels: MAX_PIXELS, side }).catch(notAnImage)
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
  let jpeg: Buffer
  if ((await decoderOf(bytes)) === 'heic') {
    const { data, info } = await heicPixels(bytes, PHOTO_MAX_SIDE)
    jpeg = await finish(sharp(data, { raw: info }))
  } else jpeg = await finish(sharp(bytes, SHARP_OPTIONS).rotate()).catch(notAnImage)
  return { name: `${randomBytes(16).toString('hex')}.jpg`, bytes: new Uint8Array(jpeg) }
}
