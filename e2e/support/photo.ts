import sharp from 'sharp'

/** A JPEG the size a phone takes (2400 × 1800), with a square of `spot` in it when given, so two photos differ. */
export function phonePhoto(background: string, spot?: string): Promise<Buffer> {
  const square = { create: { width: 600, height: 600, channels: 3 as const, background: spot ?? background } }
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background } })
    .composite(spot ? [{ input: square, left: 900, top: 600 }] : [])
    .jpeg({ quality: 90 })
    .toBuffer()
}
