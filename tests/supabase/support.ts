/**
 * Test support for the Supabase suite: local STUBS of the third-party HTTP APIs the functions call
 * (they are stubs — the real services cannot be reached from here), and small helpers.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signJwt, verifyJwt } from '../support/supabase-local'
import { psqlOk, queryJson, type PgCluster } from '../support/supabase-postgres'

export interface RecordedCall {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}

interface StubServer {
  url: string
  calls: RecordedCall[]
  stop(): Promise<void>
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function record(calls: RecordedCall[], method: string, path: string, headers: IncomingHttpHeaders, raw: string): void {
  let body: unknown = raw
  try {
    body = raw ? JSON.parse(raw) : undefined
  } catch {
    // keep text
  }
  calls.push({ method, path, headers, body })
}

function stopper(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
}

export interface EmailApiStub extends StubServer {
  /** Answer the next `n` sends with HTTP 500. */
  failNext(n: number): void
}

/** A local STUB of Resend's e-mail API (POST /emails). Records each call; answers { id }. */
export async function startEmailApiStub(): Promise<EmailApiStub> {
  const calls: RecordedCall[] = []
  let failures = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      record(calls, req.method ?? '', url.pathname, req.headers, Buffer.concat(chunks).toString('utf8'))
      res.setHeader('content-type', 'application/json')
      if (req.method !== 'POST' || url.pathname !== '/emails') {
        res.statusCode = 404
        return res.end('{"message":"not found"}')
      }
      if (failures > 0) {
        failures--
        res.statusCode = 500
        return res.end('{"statusCode":500,"name":"internal_server_error","message":"stub failure"}')
      }
      res.end(JSON.stringify({ id: `stub-${calls.length}` }))
    })
  })
  const url = await listen(server)
  return { url, calls, failNext: (n) => (failures = n), stop: stopper(server) }
}

export interface PlacesStub extends StubServer {
  /** What GET /v1/places/<id> answers. */
  reply: { status: number; body: unknown }
}

/** A local STUB of the Google Places API (New) Place Details endpoint. */
export async function startPlacesStub(): Promise<PlacesStub> {
  const calls: RecordedCall[] = []
  const stub: Partial<PlacesStub> = { reply: { status: 200, body: { reviews: [] } } }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    record(calls, req.method ?? '', url.pathname + url.search, req.headers, '')
    res.setHeader('content-type', 'application/json')
    if (!/^\/v1\/places\/[^/]+$/.test(url.pathname)) {
      res.statusCode = 404
      return res.end('{}')
    }
    res.statusCode = stub.reply!.status
    res.end(JSON.stringify(stub.reply!.body))
  })
  const url = await listen(server)
  return Object.assign(stub, { url, calls, stop: stopper(server) }) as PlacesStub
}

/** A Places API (New) review object. */
export function placesReview(i: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `places/TEST_PLACE/reviews/review-${i}`,
    relativePublishTimeDescription: 'a month ago',
    rating: 5,
    text: { text: `Google review number ${i}: great job on the driveway.`, languageCode: 'en' },
    originalText: { text: `Google review number ${i}: great job on the driveway.`, languageCode: 'en' },
    authorAttribution: {
      displayName: `Reviewer ${i}`,
      uri: `https://www.google.com/maps/contrib/${i}`,
      photoUri: `https://lh3.googleusercontent.com/a/photo-${i}`,
    },
    publishTime: `2026-0${(i % 9) + 1}-1${i % 10}T17:30:00.123456Z`,
    ...overrides,
  }
}

/** POST JSON to a function (through the router or directly). */
export async function callFunction(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, text, json }
}

export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface LlmStub extends StubServer {
  /** What POST /v1/chat/completions answers. */
  reply: { status: number; body: unknown }
}

/** A local STUB of an OpenAI-compatible chat completions API. */
export async function startLlmStub(): Promise<LlmStub> {
  const calls: RecordedCall[] = []
  const stub: Partial<LlmStub> = { reply: { status: 200, body: {} } }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      record(calls, req.method ?? '', url.pathname, req.headers, Buffer.concat(chunks).toString('utf8'))
      res.setHeader('content-type', 'application/json')
      res.statusCode = url.pathname === '/v1/chat/completions' ? stub.reply!.status : 404
      res.end(JSON.stringify(stub.reply!.body))
    })
  })
  const url = await listen(server)
  return Object.assign(stub, { url, calls, stop: stopper(server) }) as LlmStub
}

export interface AuthStandIn extends StubServer {
  /** Set to the project's JWT secret once it is known. */
  jwtSecret: string
  /** Supabase Auth users: e-mail address → user id. */
  users: Map<string, string>
  /** What Supabase Auth would have e-mailed: the address and the link's token_hash. */
  mails: { email: string; tokenHash: string }[]
  accessTokenSeconds: number
  /** Every link sent so far is past its time. */
  expireLinks(): void
}

/**
 * A LOCAL STAND-IN for hosted Supabase Auth (GoTrue cannot run here): POST /auth/v1/otp (no sign-up),
 * /auth/v1/verify with a token_hash (once, until it expires), refresh tokens that rotate, and /logout.
 */
export async function startAuthStandIn(): Promise<AuthStandIn> {
  const calls: RecordedCall[] = []
  const links = new Map<string, { email: string; expiresAt: number; used: boolean }>()
  const refreshTokens = new Map<string, { email: string; used: boolean }>()
  const standIn: Partial<AuthStandIn> = { jwtSecret: '', users: new Map(), mails: [], accessTokenSeconds: 3600 }
  const session = (email: string) => {
    const id = standIn.users!.get(email)!
    const now = Math.floor(Date.now() / 1000)
    const expiresIn = standIn.accessTokenSeconds!
    const refreshToken = randomBytes(9).toString('base64url')
    refreshTokens.set(refreshToken, { email, used: false })
    const user = { id, aud: 'authenticated', role: 'authenticated', email, app_metadata: { provider: 'email' } }
    return {
      access_token: signJwt(
        { sub: id, email, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresIn },
        standIn.jwtSecret!,
      ),
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      refresh_token: refreshToken,
      user: { ...user, user_metadata: {}, created_at: new Date().toISOString() },
    }
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      record(calls, req.method ?? '', url.pathname + url.search, req.headers, Buffer.concat(chunks).toString('utf8'))
      const body = (calls.at(-1)!.body ?? {}) as Record<string, unknown>
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      const refuse = (status: number, code: string, msg: string) =>
        send(status, { code: status, error_code: code, msg })
      if (req.method !== 'POST') return refuse(405, 'method_not_allowed', 'POST only')
      if (url.pathname === '/auth/v1/otp') {
        const email = String(body.email ?? '').toLowerCase()
        if (!standIn.users!.has(email) && body.create_user === false)
          return refuse(422, 'otp_disabled', 'Signups not allowed for otp')
        const tokenHash = createHash('sha224').update(randomBytes(16)).digest('hex')
        links.set(tokenHash, { email, expiresAt: Date.now() + 15 * 60_000, used: false })
        standIn.mails!.push({ email, tokenHash })
        return send(200, {})
      }
      if (url.pathname === '/auth/v1/verify') {
        const link = links.get(String(body.token_hash ?? ''))
        if (!link || link.used || link.expiresAt < Date.now() || body.type !== 'email')
          return refuse(403, 'otp_expired', 'Email link is invalid or has expired')
        link.used = true
        return send(200, session(link.email))
      }
      if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token') {
        const token = refreshTokens.get(String(body.refresh_token ?? ''))
        if (!token || token.used) return refuse(400, 'refresh_token_not_found', 'Invalid Refresh Token')
        token.used = true
        return send(200, session(token.email))
      }
      if (url.pathname === '/auth/v1/logout') {
        const claims = verifyJwt(String(req.headers.authorization ?? '').replace(/^Bearer /, ''), standIn.jwtSecret!)
        if (!claims) return refuse(401, 'bad_jwt', 'invalid JWT')
        for (const token of refreshTokens.values()) if (token.email === claims.email) token.used = true
        res.writeHead(204).end()
        return
      }
      refuse(404, 'not_found', 'not served by the stand-in')
    })
  })
  const url = await listen(server)
  return Object.assign(standIn, {
    url,
    calls,
    stop: stopper(server),
    expireLinks: () => links.forEach((link) => (link.expiresAt = 0)),
  }) as AuthStandIn
}

/** The owner's account allowed into the inbox, and one new lead named Dana waiting there. */
export function seedOwnerWithLead(cluster: PgCluster, ownerId: string, lead: { key: string; sourcePage: string }) {
  psqlOk(
    cluster,
    `INSERT INTO public.inbox_owners (user_id) VALUES ('${ownerId}');
     INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_page)
     VALUES ('Dana', 'dana@example.com', '916-555-0150', 'new', '${lead.key}', '${lead.sourcePage}');`,
    { user: 'supabase_admin' },
  )
}

function unsentOutboxRows(cluster: PgCluster, where: string): number {
  const sql = `SELECT count(*)::int AS n FROM public.quote_outbox WHERE sent_at IS NULL AND ${where}`
  return queryJson<{ n: number }>(cluster, sql)[0]!.n
}

/** send-quote-email delivers after it answers: wait until no row it claimed is still being sent. */
export async function outboxIdle(cluster: PgCluster) {
  await waitFor(() => unsentOutboxRows(cluster, 'attempts > 0 AND last_error IS NULL') === 0)
}

/** Every row sent or its failure recorded; only where the function can deliver every row it writes. */
export async function outboxDelivered(cluster: PgCluster) {
  // A follow-up not yet due (never tried, due later: decision 048) is not waiting for delivery.
  await waitFor(
    () => unsentOutboxRows(cluster, 'last_error IS NULL AND NOT (attempts = 0 AND next_attempt_at > now())') === 0,
  )
}
