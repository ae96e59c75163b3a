// Where the sample images go, and how they are encoded.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const OUT = path.join(ROOT, 'images')
export const JPEG = { quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' }
