// A multipart body read part by part as it streams in (busboy), under limits on bytes, files and fields
// (docs/decisions/051-uploads-refused-before-reading.md). A refusal stops the reading there: a bad upload costs
// what was read until then, never the whole body. No part is kept on disk.
import busboy from 'busboy'

export interface MultipartLimits {
  /** The whole body, declared or read. */
  bodyBytes: number
  fileBytes: number
  files: number
  fields: number
  fieldBytes: number
  /** The field the body must start with: any other first part is refused as soon as its headers are read. */
  firstField?: string
}

export type Part = { name: string; value: string } | { name: string; file: Uint8Array }

/**
 * `too-large`: past a byte limit; `too-many-files`: past the files limit; `first-part`: not starting with
 * `firstField`; `invalid`: anything else refused.
 */
export class MultipartRefused extends Error {
  constructor(readonly reason: 'too-large' | 'too-many-files' | 'first-part' | 'invalid') {
    super(`multipart body refused: ${reason}`)
  }
}

/**
 * The parts in order, each whole: a file is yielded once all its bytes came. The next chunk is read only when
 * every part so far was taken, so a caller that stops early (a bad token in the first part) stops the reading.
 */
export async function* multipartParts(request: Request, limits: MultipartLimits): AsyncGenerator<Part, void> {
  if (Number(request.headers.get('content-length') ?? '0') > limits.bodyBytes) throw new MultipartRefused('too-large')
  const { fileBytes: fileSize, files, fields, fieldBytes: fieldSize } = limits
  let parser: busboy.Busboy
  try {
    // One more part than files and fields together: only a body already past those limits reaches it.
    const partLimits = { fileSize, files, fields, fieldSize, parts: files + fields + 1, headerPairs: 8 }
    parser = busboy({ headers: { 'content-type': request.headers.get('content-type') ?? '' }, limits: partLimits })
  } catch {
    throw new MultipartRefused('invalid')
  }
  const reader = request.body?.getReader()
  if (!reader) throw new MultipartRefused('invalid')

  const ready: Part[] = []
  let refusal: MultipartRefused | undefined
  const refuse = (reason: MultipartRefused['reason']) => (refusal ??= new MultipartRefused(reason))
  let ended = false
  const closed = new Promise<void>((resolve) => parser.once('close', resolve)).then(() => (ended = true))
  let parts = 0
  const first = (name: string | null) => parts++ > 0 || limits.firstField === undefined || name === limits.firstField
  parser.on('field', (name, value, info) => {
    if (!first(name)) refuse('first-part')
    else if (info.nameTruncated || info.valueTruncated) refuse('invalid')
    else ready.push({ name, value })
  })
  parser.on('file', (name, stream) => {
    if (!first(null)) refuse('first-part')
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('limit', () => refuse('too-large'))
    // Destroyed with the parser when the reading stops mid-file: the refusal is already known.
    stream.on('error', () => undefined)
    stream.on('end', () => ready.push({ name, file: Buffer.concat(chunks) }))
  })
  parser.on('filesLimit', () => refuse('too-many-files'))
  for (const event of ['fieldsLimit', 'partsLimit', 'error']) parser.on(event, () => refuse('invalid'))

  let read = 0
  try {
    for (;;) {
      if (refusal) throw refusal
      const part = ready.shift()
      if (part) {
        yield part
        continue
      }
      if (ended) return
      const { done, value } = await reader.read()
      if (done) {
        parser.end()
        await closed
      } else if ((read += value.byteLength) > limits.bodyBytes) refuse('too-large')
      // Waited on: busboy holds a chunk while a file stream's buffer is full, and would parse (and see a limit)
      // only after this loop read the whole body. An error arrives as the 'error' event above.
      else await new Promise<void>((resolve) => parser.write(value, () => resolve()))
    }
  } finally {
    if (!ended) {
      parser.destroy()
      await reader.cancel().catch(() => undefined)
    }
  }
}

/** Whatever of the body nobody read is never read: the connection's remaining bytes are dropped. */
export async function stopReading(request: Request): Promise<void> {
  if (!request.bodyUsed) await request.body?.cancel().catch(() => undefined)
}
