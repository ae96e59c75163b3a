import { createServer, type IncomingMessage, type Server } from 'node:http'
import { freePort } from '../../tests/support/free-port'

/** A local stub of hosted Supabase, which cannot run here; each test sets what it answers. */
export interface StubReply {
  status?: number
  body?: unknown
  /** Close the connection without answering (a network failure). */
  hangUp?: boolean
  /** Answer only after this many milliseconds (a slow function). */
  delayMs?: number
  /** Answer only once this settles (a function the test lets finish). */
  until?: Promise<unknown>
}

export interface SupabaseStubState {
  /** Row returned for /rest/v1/<table>?is_featured=eq.true (null: none). */
  videos: Record<'pressure_washing_videos' | 'service_videos', Record<string, unknown> | null | StubReply>
  functions: Record<string, StubReply | ((body: unknown) => StubReply)>
  /** /rest/v1/rpc/<name>: SQL functions the site calls through PostgREST. */
  rpc: Record<string, StubReply | ((body: unknown) => StubReply)>
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export interface SupabaseStub {
  url: string
  anonKey: string
  state: SupabaseStubState
  requests: RecordedRequest[]
  stop: () => Promise<void>
}

export const STUB_ANON_KEY = 'stub-anon-key-for-tests'

function isReply(value: unknown): value is StubReply {
  return !!value && typeof value === 'object' && ('status' in value || 'hangUp' in value || 'body' in value)
}

export async function startSupabaseStub(initial: Partial<SupabaseStubState> = {}): Promise<SupabaseStub> {
  const state: SupabaseStubState = {
    videos: { pressure_washing_videos: null, service_videos: null, ...initial.videos },
    functions: { ...initial.functions },
    rpc: { ...initial.rpc },
  }
  const requests: RecordedRequest[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body: unknown = raw
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      // keep the raw text
    }
    const url = new URL(req.url ?? '/', 'http://stub')
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body })

    const send = async (reply: StubReply) => {
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
      if (reply.until) await reply.until
      if (reply.hangUp) return req.socket.destroy()
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' })
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
    }

    const rest = url.pathname.match(/^\/rest\/v1\/(pressure_washing_videos|service_videos)$/)
    if (rest) {
      const value = state.videos[rest[1] as keyof SupabaseStubState['videos']]
      if (isReply(value)) return send(value)
      // An array, as PostgREST answers maybeSingle().
      return send({ status: 200, body: value ? [value] : [] })
    }
    const fn = url.pathname.match(/^\/functions\/v1\/([\w-]+)$/)
    if (fn) {
      if (req.method === 'OPTIONS') return send({ status: 204 })
      const handler = state.functions[fn[1]!]
      if (!handler) return send({ status: 404, body: { error: 'function not found' } })
      return send(typeof handler === 'function' ? handler(body) : handler)
    }
    const rpc = url.pathname.match(/^\/rest\/v1\/rpc\/(\w+)$/)
    if (rpc) {
      const handler = state.rpc[rpc[1]!]
      if (!handler) return send({ status: 404, body: { code: 'PGRST202', message: 'function not stubbed' } })
      return send(typeof handler === 'function' ? handler(body) : handler)
    }
    send({ status: 404, body: { error: 'not stubbed' } })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    anonKey: STUB_ANON_KEY,
    state,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
