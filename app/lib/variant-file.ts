// An encoded variant's file name, `<image_hash>-<width>.<avif|webp>`: the image platform writes it, the pages that
// show posted work ask for it.
export function postedWorkFile(imageHash: string, width: number, format: 'avif' | 'webp'): string {
  return `${imageHash}-${width}.${format}`
}

/** What postedWorkFile writes, read back when a posted job's files are listed. */
export const POSTED_WORK_FILE_PATTERN = /^([0-9a-f]{16})-([0-9]{2,4})\.(avif|webp)$/
