/** A visitor's photo, judged by its bytes and re-encoded: upright, at most 1600 px, JPEG, no metadata (044). */
import { randomBytes } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import { PHOTO_MAX_SIDE } from '~/lib/lead-photos'
import type { LeadPhotoFile } from '../backend/backend.server'

export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError'
}

const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'])
// A decompression bomb stops here: 100 megapixels is more than any phone camera.
const MAX_PIXELS = 100_000_000

function isIsoMedia(bytes: Uint8Array): boolean {
  return bytes.length > 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp'
}

function finish(image: Sharp): Promise<Buffer> {
  // sharp writes no metadata unless asked: no EXIF, GPS, XMP or ICC leaves the server.
  return image
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer()
}

async function viaSharp(bytes: Uint8Array): Promise<Buffer> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const
  const { format } = await sharp(bytes, options).metadata()
  if (!format || !FORMATS.has(format)) throw new NotAnImageError(`not a photo format: ${format ?? 'unknown'}`)
  return finish(sharp(bytes, options).rotate())
}

// sharp's prebuilt libvips reads HEIF only with AV1 inside; an iPhone's HEIC is HEVC, which libheif's wasm
// build decodes (upright: it applies the file's rotation itself). Loaded on the first HEIC: it is 2 MB of
// script that every server start would parse otherwise.
async function viaHeicDecoder(bytes: Uint8Array): Promise<Buffer> {
  const { default: decodeHeic } = await import('heic-decode')
  const { width, height, data } = await decodeHeic({ buffer: bytes })
  if (width * height > MAX_PIXELS) throw new NotAnImageError('too many pixels')
  return finish(sharp(data, { raw: { width, height, channels: 4 } }))
}

export async function encodeLeadPhoto(bytes: Uint8Array): Promise<LeadPhotoFile> {
  let jpeg: Buffer
  try {
    jpeg = await viaSharp(bytes)
  } catch (error) {
    if (!isIsoMedia(bytes)) throw error instanceof NotAnImageError ? error : new NotAnImageError(String(error))
    jpeg = await viaHeicDecoder(bytes).catch((heicError: unknown) => {
      throw new NotAnImageError(String(heicError))
    })
  }
  return { name: `${randomBytes(16).toString('hex')}.jpg`, bytes: new Uint8Array(jpeg) }
}
