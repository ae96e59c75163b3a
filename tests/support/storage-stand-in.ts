// A LOCAL STAND-IN for Supabase Storage's REST API, because hosted Storage cannot run in the tests: in memory, it
// answers the calls supabase-js 2.119's storage client makes for app/platform/files/file-store.server.ts (routes and
// bodies read from node_modules/@supabase/storage-js/dist), with Storage's error shape: HTTP 400 (500 for its own
// faults) and the meaning in the body's statusCode. It checks the store's requests, not hosted Storage itself.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StoredObject {
  bytes: Buffer
  contentType: string
}

export type StorageStandIn = Awaited<ReturnType<typeof startStorageStandIn>>

/** A status and a JSON body, or a stored object's bytes and type. */
type Answer = [status: number, body: unknown, contentType?: string]

function refusal(statusCode: string, code: string, message: string): Answer {
  return [statusCode === '500' ? 500 : 400, { statusCode, code, error: code, message }]
}

const NO_BUCKET = refusal('404', 'NoSuchBucket', 'Bucket not found')
const NO_OBJECT = refusal('404', 'NoSuchKey', 'Object not found')
const EXISTS = (code: string) => refusal('409', code, 'The resource already exists')

/** As Storage lists a folder (the prefix is always one): its files with an id and its subfolders with none, by name. */
function listing(objects: Map<string, StoredObject>, request: { prefix: string; limit: number; offset: number }) {
  const prefix = request.prefix === '' || request.prefix.endsWith('/') ? request.prefix : `${request.prefix}/`
  const entries = new Map<string, string | null>()
  for (const name of objects.keys()) {
    if (!name.startsWith(prefix)) continue
    const [first, ...below] = name.slice(prefix.length).split('/')
    entries.set(first!, below.length > 0 ? null : `id-${name}`)
  }
  return [...entries]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(request.offset, request.offset + request.limit)
    .map(([name, id]) => ({ name, id }))
}

export async function startStorageStandIn(serviceKey: string) {
  /** Bucket id → whether it is public, and its objects by name (`<folder>/<file>`). */
  const buckets = new Map<string, { public: boolean; objects: Map<string, StoredObject> }>()
  /** Every request, in order; `body` is parsed JSON or the raw bytes. */
  const calls: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = []
  let failure: string | null = null

  function answer(method: string, path: string, headers: IncomingHttpHeaders, body: any): Answer {
    if (failure !== null) {
      const message = failure
      failure = null
      return refusal('500', 'InternalError', message)
    }
    const [storage, version, area, ...parts] = path.split('/').filter(Boolean).map(decodeURIComponent)
    if (storage !== 'storage' || version !== 'v1') return refusal('404', 'NotFound', 'Route not found')
    // A public URL needs no key, and answers only for a public bucket, as Storage's does.
    if (area === 'object' && method === 'GET' && parts[0] === 'public') {
      const [bucketId, ...rest] = parts.slice(1)
      const bucket = buckets.get(bucketId!)
      const object = bucket?.public ? bucket.objects.get(rest.join('/')) : undefined
      return object ? [200, object.bytes, object.contentType] : NO_BUCKET
    }
    // With no policy on its objects, every key but the service role key reads and writes nothing.
    if (headers.authorization !== `Bearer ${serviceKey}` || headers.apikey !== serviceKey)
      return refusal('403', 'AccessDenied', 'Only the service role key is accepted here')
    if (area === 'bucket' && method === 'GET' && parts.length === 1) {
      const bucket = buckets.get(parts[0]!)
      return bucket ? [200, { id: parts[0], name: parts[0], public: bucket.public }] : NO_BUCKET
    }
    if (area === 'bucket' && method === 'POST' && parts.length === 0) {
      if (buckets.has(body.id)) return EXISTS('BucketAlreadyExists')
      buckets.set(body.id, { public: body.public === true, objects: new Map() })
      return [200, { name: body.id }]
    }
    if (area !== 'object') return refusal('404', 'NotFound', 'Route not found')
    const list = method === 'POST' && parts[0] === 'list'
    const [bucketId, ...rest] = list ? parts.slice(1) : parts
    const bucket = buckets.get(bucketId!)
    if (!bucket) return NO_BUCKET
    const name = rest.join('/')
    if (list) return [200, listing(bucket.objects, body)]
    if (method === 'DELETE' && !name) {
      const removed = (body.prefixes as string[]).filter((prefix) => bucket.objects.delete(prefix))
      return [200, removed.map((each) => ({ name: each, bucket_id: bucketId }))]
    }
    if (method === 'POST' && name) {
      if (bucket.objects.has(name) && headers['x-upsert'] !== 'true') return EXISTS('KeyAlreadyExists')
      bucket.objects.set(name, { bytes: body, contentType: String(headers['content-type']) })
      return [200, { Id: `id-${name}`, Key: `${bucketId}/${name}` }]
    }
    const object = bucket.objects.get(name)
    if (method === 'GET' && name) return object ? [200, object.bytes, object.contentType] : NO_OBJECT
    return refusal('404', 'NotFound', 'Route not found')
  }

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const json = request.headers['content-type']?.startsWith('application/json') && raw.length > 0
    const body: unknown = json ? JSON.parse(raw.toString('utf8')) : raw
    const path = new URL(request.url!, 'http://stand-in').pathname
    calls.push({ method: request.method!, path, headers: request.headers, body })
    const [status, reply, contentType = 'application/json'] = answer(request.method!, path, request.headers, body)
    response.writeHead(status, { 'Content-Type': contentType })
    response.end(Buffer.isBuffer(reply) ? reply : JSON.stringify(reply))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    buckets,
    calls,
    /** The next request is answered 500 with this message. */
    failNext: (message: string) => {
      failure = message
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
