// A LOCAL STAND-IN for Supabase Storage's object API (hosted Storage cannot run here): upload, list under a
// prefix and delete by name in the private bucket `lead-photos` for the service role key only, and read one
// object with a user's token when `canRead` (the bucket's select policy) says so. With `publicBucket`, also
// a public bucket that anyone reads and a user's token writes when `canWrite` (its policies) says so.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StorageStandIn {
  url: string
  /** Lead id → the object names stored under `<leadId>/` (`a.webp`, or `small/a.webp` in a subfolder). */
  objects: Map<string, string[]>
  /** `<leadId>/<name>` → the uploaded bytes. */
  bytes: Map<string, Buffer>
  calls: { method: string; url: string; auth: string | undefined; body: unknown }[]
  /** The public bucket's objects: name → bytes and type. */
  publicObjects: Map<string, { bytes: Buffer; type: string }>
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export interface StorageStandInOptions {
  /** The select policy for a signed-in user's token (Authorization: Bearer …); none: no user reads. */
  canRead?: (accessToken: string) => boolean
  /** Requests outside /storage/v1/ go there (e.g. the Auth stand-in), as one project address serves both. */
  otherwise?: string
  /** A public bucket (e.g. posted-work): its insert and delete policies for a user's token. */
  publicBucket?: { name: string; canWrite: (accessToken: string) => boolean }
}

const UPLOAD = /^\/storage\/v1\/object\/lead-photos\/([0-9a-f-]{36})\/([^/]+)$/
const READ = /^\/storage\/v1\/object\/authenticated\/lead-photos\/([0-9a-f-]{36})\/([^/]+)$/

/** As Storage lists a folder: its files with an id, and each subfolder once, without one. */
function listing(objects: Map<string, string[]>, prefix: string) {
  const [lead, ...below] = prefix.replace(/\/$/, '').split('/')
  const inside = (objects.get(lead!) ?? [])
    .filter((name) => below.length === 0 || name.startsWith(`${below.join('/')}/`))
    .map((name) => name.split('/').slice(below.length))
  const folders = [...new Set(inside.filter((parts) => parts.length > 1).map(([name]) => name))]
  const files = inside.filter((parts) => parts.length === 1).map(([name]) => ({ name, id: `id-${name}` }))
  return [...folders.map((name) => ({ name, id: null })), ...files]
}

/** `serviceKey`: a function when the key is made after the stand-in starts (startLocalSupabase makes it). */
export async function startStorageStandIn(
  serviceKey: string | (() => string),
  objects = new Map<string, string[]>(),
  options: StorageStandInOptions = {},
) {
  const calls: StorageStandIn['calls'] = []
  const bytes = new Map<string, Buffer>()
  const publicObjects: StorageStandIn['publicObjects'] = new Map()
  const bucket = options.publicBucket
  /** The public bucket's answer, or false when the request is not for it. */
  function publicAnswer(request: IncomingMessage, raw: Buffer, body: unknown): [number, string | Buffer] | false {
    if (!bucket) return false
    const url = request.url!
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '')
    const denied: [number, string] = [
      403,
      '{"statusCode":"403","error":"Unauthorized","message":"new row violates row-level security policy"}',
    ]
    const read = url.startsWith(`/storage/v1/object/public/${bucket.name}/`)
    if (request.method === 'GET' && read) {
      const stored = publicObjects.get(decodeURIComponent(url.split('/').at(-1)!))
      return stored
        ? [200, stored.bytes]
        : [400, '{"statusCode":"404","error":"not_found","message":"Object not found"}']
    }
    const object = new RegExp(`^/storage/v1/object/${bucket.name}/([^/]+)$`).exec(url)
    if (request.method === 'POST' && object) {
      if (!bucket.canWrite(token)) return denied
      if (publicObjects.has(object[1]!))
        return [400, '{"statusCode":"409","error":"Duplicate","message":"The resource already exists"}']
      publicObjects.set(object[1]!, { bytes: raw, type: String(request.headers['content-type']) })
      return [200, JSON.stringify({ Key: `${bucket.name}/${object[1]}` })]
    }
    if (request.method === 'DELETE' && url === `/storage/v1/object/${bucket.name}`) {
      if (!bucket.canWrite(token)) return denied
      const names = (body as { prefixes: string[] }).prefixes.filter((name) => publicObjects.delete(name))
      return [200, JSON.stringify(names.map((name) => ({ name })))]
    }
    return false
  }
  const server = createServer((request, response) => {
    if (options.otherwise && !request.url!.startsWith('/storage/v1/')) {
      const target = new URL(options.otherwise)
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      request.pipe(upstream)
      return
    }
    void readBody(request).then((raw) => {
      const json = (request.headers['content-type'] ?? '').startsWith('application/json')
      const body: unknown =
        json && raw.length ? JSON.parse(raw.toString('utf8')) : raw.length ? `${raw.length} bytes` : null
      calls.push({ method: request.method!, url: request.url!, auth: request.headers.authorization, body })
      response.setHeader('Content-Type', 'application/json')
      const inPublicBucket = publicAnswer(request, raw, body)
      if (inPublicBucket) {
        const [status, answer] = inPublicBucket
        if (Buffer.isBuffer(answer))
          response.setHeader('Content-Type', publicObjects.get(request.url!.split('/').at(-1)!)!.type)
        return response.writeHead(status).end(answer)
      }
      const read = READ.exec(request.url!)
      if (request.method === 'GET' && read) {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '')
        const stored = bytes.get(`${read[1]}/${read[2]}`)
        // Storage answers an object the policy hides as it answers a missing one.
        if (!stored || !options.canRead?.(token))
          return response.writeHead(400).end('{"statusCode":"404","error":"not_found","message":"Object not found"}')
        response.setHeader('Content-Type', 'image/jpeg')
        return response.end(stored)
      }
      const key = typeof serviceKey === 'string' ? serviceKey : serviceKey()
      if (request.headers.authorization !== `Bearer ${key}`)
        return response.writeHead(403).end('{"message":"new row violates row-level security policy"}')
      const upload = UPLOAD.exec(request.url!)
      if (request.method === 'POST' && upload) {
        const [, lead, name] = upload
        if (bytes.has(`${lead}/${name}`))
          return response.writeHead(400).end('{"statusCode":"409","error":"Duplicate","message":"exists"}')
        bytes.set(`${lead}/${name}`, raw)
        objects.set(lead!, [...(objects.get(lead!) ?? []), name!])
        return response.end(JSON.stringify({ Key: `lead-photos/${lead}/${name}` }))
      }
      if (request.method === 'POST' && request.url === '/storage/v1/object/list/lead-photos')
        return response.end(JSON.stringify(listing(objects, String((body as { prefix: string }).prefix))))
      if (request.method === 'DELETE' && request.url === '/storage/v1/object/lead-photos') {
        for (const name of (body as { prefixes: string[] }).prefixes) {
          bytes.delete(name)
          const [lead, ...path] = name.split('/')
          objects.set(
            lead!,
            (objects.get(lead!) ?? []).filter((each) => each !== path.join('/')),
          )
        }
        return response.end('[]')
      }
      response.writeHead(404).end('{"message":"not found"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    bytes,
    calls,
    publicObjects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  } satisfies StorageStandIn
}
