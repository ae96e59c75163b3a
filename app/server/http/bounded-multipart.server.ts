// A multipart body read with two ceilings: the whole body, and each part. A part past its own ceiling is refused
// as it streams in, so one oversized photo costs what was read until then, not the whole body.
import { BodyTooLargeError } from './bounded-body.server'

// A part's headers (name, file name, type) are far smaller than this.
const PART_HEADERS_BYTES = 16 * 1024

function boundaryOf(contentType: string): Buffer | null {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  return boundary ? Buffer.from(`--${boundary}`, 'latin1') : null
}

/** Throws BodyTooLargeError past either ceiling; any other error is a body that is not multipart. */
export async function readBoundedMultipart(
  request: Request,
  maxBytes: number,
  maxPartBytes: number,
): Promise<FormData> {
  if (Number(request.headers.get('content-length') ?? '0') > maxBytes) throw new BodyTooLargeError()
  const contentType = request.headers.get('content-type') ?? ''
  const boundary = boundaryOf(contentType)
  const reader = request.body?.getReader()
  if (!boundary || !reader) throw new Error('not a multipart body')
  const chunks: Buffer[] = []
  let size = 0
  // Bytes since the last boundary seen; the tail keeps a boundary split across two chunks findable.
  let sincePart = 0
  let tail = Buffer.alloc(0)
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    size += chunk.byteLength
    const window = Buffer.concat([tail, chunk])
    const last = window.lastIndexOf(boundary)
    sincePart = last >= 0 ? window.byteLength - last : sincePart + chunk.byteLength
    if (size > maxBytes || sincePart > maxPartBytes + PART_HEADERS_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError()
    }
    chunks.push(chunk)
    tail = window.subarray(Math.max(0, window.byteLength - boundary.byteLength + 1))
  }
  return new Response(Buffer.concat(chunks, size), { headers: { 'Content-Type': contentType } }).formData()
}
