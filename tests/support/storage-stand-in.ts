// A LOCAL STAND-IN for Supabase Storage's object API (hosted Storage cannot run here): list under a prefix
// and delete by name in the private bucket `lead-photos`, for the service role key only.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StorageStandIn {
  url: string
  /** Lead id → the object names stored under `<leadId>/` (`a.webp`, or `small/a.webp` in a subfolder). */
  objects: Map<string, string[]>
  calls: { method: string; url: string; auth: string | undefined; body: unknown }[]
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? (JSON.parse(text) as unknown) : null
}

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
export async function startStorageStandIn(serviceKey: string | (() => string), objects = new Map<string, string[]>()) {
  const calls: StorageStandIn['calls'] = []
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      calls.push({ method: request.method!, url: request.url!, auth: request.headers.authorization, body })
      response.setHeader('Content-Type', 'application/json')
      const key = typeof serviceKey === 'string' ? serviceKey : serviceKey()
      if (request.headers.authorization !== `Bearer ${key}`)
        return response.writeHead(403).end('{"message":"new row violates row-level security policy"}')
      if (request.method === 'POST' && request.url === '/storage/v1/object/list/lead-photos')
        return response.end(JSON.stringify(listing(objects, String((body as { prefix: string }).prefix))))
      if (request.method === 'DELETE' && request.url === '/storage/v1/object/lead-photos') {
        for (const name of (body as { prefixes: string[] }).prefixes) {
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
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies StorageStandIn
}
