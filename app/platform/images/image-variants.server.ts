// The one image pipeline (docs/decisions/049-posted-work.md): `npm run images` and the owner's posted work both
// decode, hash and encode here, so the same pixels give the same files byte for byte.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { postedWorkFile } from '~/lib/variant-file'

export const WIDTHS = [320, 640, 720, 960, 1280, 1600]
export const ENCODERS = {
  avif: { quality: 52, effort: 1 }, // effort 2 is ~2x slower for ~3% smaller files
  webp: { quality: 78, effort: 4 },
}
/** Bump when the pipeline's output changes in a way the settings above do not capture. */
const PIPELINE_VERSION = 1
export const SETTINGS_FINGERPRINT = JSON.stringify({ v: PIPELINE_VERSION, widths: WIDTHS, encoders: ENCODERS })

export const FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof FORMATS)[number]
export const CONTENT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

/** Decoded pixels, upright and sRGB. */
export interface RawImage {
  data: Buffer
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

/** Hex of the source bytes and the settings: a new photo or new settings is a new name. */
export function contentHash(bytes: Uint8Array, length: number): string {
  return createHash('sha256').update(SETTINGS_FINGERPRINT).update('\0').update(bytes).digest('hex').slice(0, length)
}

/** Widths to emit for a source of `sourceWidth` px: the standard ones that fit, or the source width itself. */
export function widthsFor(sourceWidth: number): number[] {
  const fit = WIDTHS.filter((w) => w <= sourceWidth)
  return fit.length ? fit : [sourceWidth]
}

/**
 * `limitInputPixels` refuses a decompression bomb before its pixels are allocated; without it, sharp's own limit.
 * `side` shrinks the pixels until their shorter side is that, before they reach JavaScript.
 */
export async function decodeToRaw(
  bytes: Uint8Array,
  { limitInputPixels, side }: { limitInputPixels?: number; side?: number } = {},
): Promise<RawImage> {
  let pipeline = sharp(bytes, { failOn: 'error', limitInputPixels }).autoOrient()
  if (side) pipeline = pipeline.resize(side, side, { fit: 'outside', withoutEnlargement: true })
  return pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
}

const fromRaw = ({ data, info: { width, height, channels } }: RawImage) =>
  sharp(data, { raw: { width, height, channels } })

export function encodeVariant(image: RawImage, width: number, format: VariantFormat): Promise<Buffer> {
  let pipeline = fromRaw(image)
  if (width !== image.info.width) pipeline = pipeline.resize({ width, kernel: 'lanczos3' })
  // sharp writes no metadata unless asked: no EXIF, GPS, XMP or ICC leaves here.
  return format === 'avif' ? pipeline.avif(ENCODERS.avif).toBuffer() : pipeline.webp(ENCODERS.webp).toBuffer()
}

/** The dominant colour, shown while the photo loads. */
export async function placeholderOf(image: RawImage): Promise<string> {
  const { r, g, b } = (await fromRaw(image).stats()).dominant
  return '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')
}

/** A frame's longest side: the largest width the site serves. */
export const MAX_FRAME_SIDE = 1600

/**
 * One before-and-after frame as lossless PNG bytes. Portrait photos go side by side in 3:4 cells (a landscape
 * frame, shown before|after); landscape ones are stacked in 4:3 cells (a portrait frame, before above after),
 * as the gallery lays out its samples. Each photo is cover-cropped from its centre; no cell is upscaled past
 * the smaller photo.
 */
export async function composeBeforeAfter(before: RawImage, after: RawImage): Promise<Buffer> {
  const aspect = (image: RawImage) => image.info.width / image.info.height
  const portrait = (aspect(before) + aspect(after)) / 2 < 1
  const cellAspect = portrait ? 3 / 4 : 4 / 3
  // Fits the frame's longest side, then the smaller photo (a cell never asks for more pixels than it has).
  let cellWidth = portrait ? MAX_FRAME_SIDE / 2 : MAX_FRAME_SIDE
  let cellHeight = portrait ? MAX_FRAME_SIDE : MAX_FRAME_SIDE / 2
  cellWidth = Math.min(cellWidth, cellHeight * cellAspect)
  for (const { info } of [before, after]) cellWidth = Math.min(cellWidth, info.width, info.height * cellAspect)
  cellWidth = Math.max(1, Math.floor(cellWidth))
  cellHeight = Math.max(1, Math.round(cellWidth / cellAspect))

  const cell = (image: RawImage) =>
    fromRaw(image)
      .removeAlpha()
      .resize(cellWidth, cellHeight, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
      .png()
      .toBuffer()
  const [top, bottom] = await Promise.all([cell(before), cell(after)])
  const width = portrait ? cellWidth * 2 : cellWidth
  const height = portrait ? cellHeight : cellHeight * 2
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([
      { input: top, left: 0, top: 0 },
      { input: bottom, left: portrait ? cellWidth : 0, top: portrait ? 0 : cellHeight },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer()
}

export type EncodedVariants = Awaited<ReturnType<typeof encodeVariants>>

/**
 * The composed frame's variants, as `npm run images` would make them from the same bytes; `hash` is 16 hex of the
 * settings and the composed bytes, and the files are `<hash>-<width>.<format>`.
 */
export async function encodeVariants(composed: Uint8Array) {
  const hash = contentHash(composed, 16)
  const image = await decodeToRaw(composed)
  const widths = widthsFor(image.info.width)
  const files = []
  for (const variantWidth of widths)
    for (const format of FORMATS)
      files.push({
        name: postedWorkFile(hash, variantWidth, format),
        bytes: new Uint8Array(await encodeVariant(image, variantWidth, format)),
        contentType: CONTENT_TYPES[format],
      })
  const { width, height } = image.info
  return { hash, width, height, widths, placeholder: await placeholderOf(image), files }
}
