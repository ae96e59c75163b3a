// A LOCAL STAND-IN for Supabase Storage's object API (hosted Storage cannot run here): list under a prefix
// and delete by name in the private bucket `lead-photos`, for the service role key only.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StorageStandIn {
  url: string
  /** Lead id → the file names stored under `<leadId>/`. */
  objects: Map<string, string[]>
  calls: { method: string; url: string; auth: string | undefined; body: unknown }[]
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? (JSON.parse(text) as unknown) : null
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
      if (request.method === 'POST' && request.url === '/storage/v1/object/list/lead-photos') {
        const prefix = String((body as { prefix: string }).prefix).replace(/\/$/, '')
        return response.end(JSON.stringify((objects.get(prefix) ?? []).map((name) => ({ name }))))
      }
      if (request.method === 'DELETE' && request.url === '/storage/v1/object/lead-photos') {
        for (const name of (body as { prefixes: string[] }).prefixes) {
          const [lead, file] = name.split('/')
          objects.set(
            lead!,
            (objects.get(lead!) ?? []).filter((each) => each !== file),
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
