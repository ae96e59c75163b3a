// An encoded variant's file name, `<image_hash>-<width>.<avif|webp>`: the image platform writes it, the pages that
// show posted work ask for it.
export function postedWorkFile(imageHash: string, width: number, format: 'avif' | 'webp'): string {
  return `${imageHash}-${width}.${format}`
}
