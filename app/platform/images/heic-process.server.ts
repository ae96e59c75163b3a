// A phone's HEIC (HEVC inside), decoded by libheif's wasm build in a child process of its own
// (docs/decisions/051-uploads-refused-before-reading.md): never on the server's event loop, under a memory
// ceiling, and ended with the decode, so its memory goes with it. The child gets the bytes on stdin and no
// environment; it answers the width and height (two 32-bit numbers), then the RGBA pixels shrunk to what the site
// keeps, on its fourth file descriptor: libheif prints its warnings on stdout.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Readable } from 'node:stream'
import { log } from '../log/logger.server'
import type { RawImage } from './image-variants.server'

// 8192 pages of 64 KiB: 512 MiB of wasm memory. A 48-megapixel HEIC needs between 320 and 384 MiB; a
// 100-megapixel one about 1 GiB, so a file that lies in its header still stops here.
const WASM_PAGES = 8192
const HEAP_MB = 64
const TIMEOUT_MS = 30_000

/** Resolved from here, so the production build finds the copies Nitro traced beside it (vite.config.ts). */
const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode')
// Nitro traces sharp's ES module build only.
const sharpUrl = import.meta.resolve('sharp')

// CommonJS for `node -e`: argv[1] is heic-decode's path and argv[2] sharp's URL, argv[3] the most pixels allowed,
// argv[4] the shorter side answered. heic-decode checks the brand; libheif turns the image upright itself. The size
// is read again before the pixels are allocated. Shrunk here, 12 megapixels cost the server 14 MB, not 48.
const CHILD = `
const decode = require(process.argv[1])
const [maxPixels, side] = [Number(process.argv[3]), Number(process.argv[4])]
const chunks = []
process.stdin.on('data', (chunk) => chunks.push(chunk))
process.stdin.on('end', async () => {
  const images = await decode.all({ buffer: Buffer.concat(chunks) })
  const first = images[0]
  if (!first || first.width * first.height > maxPixels) throw new Error('no image, or too many pixels')
  const { width, height, data } = await first.decode()
  const { default: sharp } = await import(process.argv[2])
  const fitted = await sharp(data, { raw: { width, height, channels: 4 } })
    .resize(side, side, { fit: 'outside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const size = Buffer.alloc(8)
  size.writeUInt32BE(fitted.info.width, 0)
  size.writeUInt32BE(fitted.info.height, 4)
  const out = require('node:fs').createWriteStream(null, { fd: 3 })
  out.write(size)
  out.end(fitted.data)
})
`

/** The child could not decode the file: its fault, not the server's. */
export class HeicUnreadable extends Error {
  override readonly name = 'HeicUnreadable'
}

/** Upright RGBA pixels of a HEIC of at most `maxPixels`, shrunk until their shorter side is `side`. */
export function decodeHeicApart(bytes: Uint8Array, maxPixels: number, side: number): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const limits = [`--max-old-space-size=${HEAP_MB}`, `--wasm-max-mem-pages=${WASM_PAGES}`]
    const child = spawn(
      process.execPath,
      [...limits, '-e', CHILD, heicDecodePath, sharpUrl, `${maxPixels}`, `${side}`],
      { env: {}, stdio: ['pipe', 'ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS, killSignal: 'SIGKILL' },
    )
    log('photos').info({ bytes: bytes.byteLength, pid: child.pid }, 'HEIC decode started in a child process')
    let head = Buffer.alloc(0)
    let image: RawImage | null = null
    let filled = 0
    let failure = ''
    const fail = (why: string) => {
      failure ||= why
      child.kill('SIGKILL')
    }
    const [input, errors, pixels] = [child.stdin!, child.stderr!, child.stdio[3] as Readable]
    pixels.on('data', (chunk: Buffer) => {
      if (!image) {
        head = Buffer.concat([head, chunk])
        if (head.byteLength < 8) return
        const width = head.readUInt32BE(0)
        const height = head.readUInt32BE(4)
        if (width * height > maxPixels) return fail('too many pixels')
        image = { data: Buffer.allocUnsafe(width * height * 4), info: { width, height, channels: 4 } }
        chunk = head.subarray(8)
      }
      if (filled + chunk.byteLength > image.data.byteLength) return fail('more pixels than announced')
      image.data.set(chunk, filled)
      filled += chunk.byteLength
    })
    let stderr = ''
    errors.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk}`.slice(-2000)))
    // A child that fails before it read everything closes its end early.
    input.on('error', () => undefined)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0 && image && filled === image.data.byteLength) return resolve(image)
      const lastLine = stderr.trim().split('\n').findLast((line) => /Error|error:/.test(line))
      reject(new HeicUnreadable(failure || lastLine || (signal ? `ended by ${signal}` : `exit code ${code}`)))
    })
    input.end(bytes)
  })
}
