/**
 * The Supabase adapter against a local HTTP STUB of hosted Supabase. Hosted Supabase (Edge
 * Functions, PostgREST) cannot run here, so this checks the requests the adapter makes and how it
 * reads the answers — not the real functions' behaviour.
 */
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { createBackend } from '../../app/server/backend/backend-factory.server'
import type { StoredLeadInput } from '../../app/server/backend/backend.server'
import { createFormTokens } from '../../app/server/quote/form-token.server'
import { createQuoteService } from '../../app/server/quote/quote-service.server'
import { createSupabaseBackend, type SupabaseBackend } from '../../app/server/backend/supabase.server'
import { freePort } from './helpers'
import { parseRuntimeConfig } from '../../app/server/config.server'

const ANON = 'anon-key-for-tests'

interface Recorded {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}

type Reply = { status: number; body: unknown; delayMs?: number }

let server: Server
let baseUrl: string
const requests: Recorded[] = []
const replies = new Map<string, Reply>()

function reply(path: string, status: number, body: unknown, delayMs?: number): void {
  replies.set(path, { status, body, ...(delayMs ? { delayMs } : {}) })
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const r = replies.get(url.pathname) ?? { status: 404, body: { message: 'not stubbed' } }
      setTimeout(() => {
        res.writeHead(r.status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(r.body))
      }, r.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const backends: SupabaseBackend[] = []
function supabase(url = baseUrl, functionTimeoutMs?: number): SupabaseBackend {
  const b = createSupabaseBackend({ url, anonKey: ANON, ...(functionTimeoutMs ? { functionTimeoutMs } : {}) })
  backends.push(b)
  return b
}

beforeEach(() => {
  requests.length = 0
  replies.clear()
})
afterEach(async () => {
  for (const b of backends.splice(0)) await b.close()
})

let keySeq = 0
function storedLead(overrides: Partial<StoredLeadInput> = {}): StoredLeadInput {
  return {
    firstName: 'Maria',
    email: 'maria@example.com',
    phone: '(916) 555-0199',
    idempotencyKey: `key-${++keySeq}-abcdefgh`,
    status: 'new',
    spamReason: null,
    sourcePage: '/contact',
    userAgent: 'test',
    ipHash: 'f'.repeat(64),
    ...overrides,
  }
}

function expectAnonHeaders(r: Recorded): void {
  expect(r.headers.apikey).toBe(ANON)
  expect(r.headers.authorization).toBe(`Bearer ${ANON}`)
}

describe('supabase adapter against a local HTTP stub of hosted Supabase (hosted Supabase cannot run here)', () => {
  it('createBackend picks Supabase only when both SUPABASE_URL and SUPABASE_ANON_KEY are set', async () => {
    const b = createBackend(parseRuntimeConfig({ SUPABASE_URL: baseUrl, SUPABASE_ANON_KEY: ANON }))
    expect(b.kind).toBe('supabase')
    await b.close()
    const e = createBackend(
      parseRuntimeConfig({ SUPABASE_URL: baseUrl, SUPABASE_ANON_KEY: '  ', DATA_DIR: '/nonexistent-never-opened' }),
    )
    expect(e.kind).toBe('embedded')
    await e.close()
  })

  it('send-quote-email: POST with the anon key and exactly the visitor fields and sourcePage; success', async () => {
    reply('/functions/v1/send-quote-email', 200, { success: true, id: 'abc' })
    // Not outsideArea nor the channel: the function works them out itself, so a caller cannot set them.
    const place = { street: '12 Oak St', zip: '95814', preferredTime: 'morning', outsideArea: true }
    const source = {
      channel: 'direct' as const,
      tags: { utm_source: 'google', gclid: 'TeSt123' },
      landingPath: '/',
      heardAbout: 'yelp' as const,
    }
    const result = await supabase().submitQuote(storedLead({ ...place, source }))
    expect(result).toEqual({ success: true, duplicate: false })
    expect(requests).toHaveLength(1)
    const r = requests[0]!
    expect(r.method).toBe('POST')
    expect(r.path).toBe('/functions/v1/send-quote-email')
    expectAnonHeaders(r)
    expect(r.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(r.body)).toEqual({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '(916) 555-0199',
      street: '12 Oak St',
      zip: '95814',
      preferredTime: 'morning',
      heardAbout: 'yelp',
      sourcePage: '/contact',
      visitSource: { tags: { utm_source: 'google', gclid: 'TeSt123' }, landingPath: '/' },
    })
  })

  it('send-quote-email: { success: false, error } and a missing flag are "no-success-flag"', async () => {
    const b = supabase()
    reply('/functions/v1/send-quote-email', 200, { success: false, error: 'Mailbox unavailable' })
    expect(await b.submitQuote(storedLead())).toEqual({
      success: false,
      kind: 'no-success-flag',
      error: 'Mailbox unavailable',
    })
    reply('/functions/v1/send-quote-email', 200, { message: 'queued' })
    expect(await b.submitQuote(storedLead())).toMatchObject({ success: false, kind: 'no-success-flag' })
    reply('/functions/v1/send-quote-email', 200, 'ok')
    expect(await b.submitQuote(storedLead())).toMatchObject({ success: false, kind: 'no-success-flag' })
    reply('/functions/v1/send-quote-email', 200, { success: 'true' })
    expect(await b.submitQuote(storedLead())).toMatchObject({ success: false, kind: 'no-success-flag' })
  })

  it('send-quote-email: HTTP 500, network down and a timeout throw (the "call error" case)', async () => {
    reply('/functions/v1/send-quote-email', 500, { success: false, error: 'boom' })
    await expect(supabase().submitQuote(storedLead())).rejects.toThrow(/send-quote-email failed/)

    const down = supabase(`http://127.0.0.1:${await freePort()}`)
    await expect(down.submitQuote(storedLead())).rejects.toThrow(/send-quote-email failed/)

    reply('/functions/v1/send-quote-email', 200, { success: true }, 2000)
    await expect(supabase(baseUrl, 200).submitQuote(storedLead())).rejects.toThrow(/send-quote-email failed/)
  })

  it('the quote service maps the answers to 200 / 502 not-confirmed / 503 call-failed', async () => {
    const svc = createQuoteService({
      rateLimit: 0,
      formTokenSecret: 'test-secret',
      unsavedLeadsDir: mkdtempSync(join(tmpdir(), 'unsaved-')),
    })
    const b = supabase()
    const payload = (key: string) => ({
      firstName: ' Maria ',
      email: 'maria@example.com',
      phone: '916-555-0199',
      company: '',
      formToken: createFormTokens('test-secret').issue(Date.now() - 6000),
      idempotencyKey: key,
      sourcePage: '/',
    })
    const meta = { ip: '203.0.113.9', userAgent: 'test' }

    reply('/functions/v1/send-quote-email', 200, { success: true })
    expect(await svc.handle(payload('k-success-1'), meta, b)).toEqual({ status: 200, body: { success: true } })
    expect(JSON.parse(requests[0]!.body)).toEqual({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0199',
      street: '',
      zip: '',
      preferredTime: '',
      heardAbout: '',
      sourcePage: '/',
      visitSource: { tags: {} },
    })

    reply('/functions/v1/send-quote-email', 200, { error: 'no flag' })
    expect(await svc.handle(payload('k-noflag-1'), meta, b)).toEqual({
      status: 502,
      body: {
        success: false,
        reason: 'not-confirmed',
        error: `We could not confirm your request. Please call us at ${site.phone}.`,
      },
    })

    reply('/functions/v1/send-quote-email', 500, { error: 'boom' })
    expect(await svc.handle(payload('k-http500-1'), meta, b)).toEqual({
      status: 503,
      body: {
        success: false,
        reason: 'call-failed',
        error: `We could not save your request. Please call us at ${site.phone}.`,
      },
    })

    // Suspected spam goes to the function with its reason, which stores it without e-mailing; the visitor sees success.
    requests.length = 0
    reply('/functions/v1/send-quote-email', 200, { success: true })
    expect(await svc.handle({ ...payload('k-spam-1'), company: 'bot' }, meta, b)).toEqual({
      status: 200,
      body: { success: true },
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]!.headers['x-suspected-spam']).toBe('honeypot')
    expect(JSON.parse(requests[0]!.body)).toEqual({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0199',
      street: '',
      zip: '',
      preferredTime: '',
      heardAbout: '',
      sourcePage: '/',
      visitSource: { tags: {} },
    })
  })

  it('is ready while the project answers a table read, and says why not once it does not', async () => {
    reply('/rest/v1/pressure_washing_videos', 200, [])
    await expect(supabase().checkReady()).resolves.toBeUndefined()
    expectAnonHeaders(requests[0]!)

    reply('/rest/v1/pressure_washing_videos', 500, { message: 'upstream unavailable' })
    await expect(supabase().checkReady()).rejects.toThrow(/Supabase did not answer: upstream unavailable/)
    const gone = supabase(`http://127.0.0.1:${await freePort()}`)
    await expect(gone.checkReady()).rejects.toThrow(/Supabase did not answer/)
  })

  it('identical retries are sent once (in flight and after success)', async () => {
    reply('/functions/v1/send-quote-email', 200, { success: true }, 100)
    const b = supabase()
    const lead = storedLead()
    const results = await Promise.all([b.submitQuote(lead), b.submitQuote(lead)])
    expect(results.every((r) => r.success)).toBe(true)
    expect(await b.submitQuote(lead)).toEqual({ success: true, duplicate: true })
    expect(requests).toHaveLength(1)
    // A failed call is not remembered: the retry goes out again.
    reply('/functions/v1/send-quote-email', 500, {})
    const other = storedLead()
    await expect(b.submitQuote(other)).rejects.toThrow()
    reply('/functions/v1/send-quote-email', 200, { success: true })
    expect(await b.submitQuote(other)).toEqual({ success: true, duplicate: false })
    expect(requests).toHaveLength(3)
  })

  it('featured video: GET /rest/v1/<table>?select=*&is_featured=eq.true&limit=1 with the anon key', async () => {
    reply('/rest/v1/pressure_washing_videos', 200, [
      {
        id: 7,
        video_url: 'https://cdn.example.com/hero.mp4',
        mime_type: '',
        is_featured: true,
        title: null,
        created_at: '2026-01-02T03:04:05+00:00',
      },
    ])
    const video = await supabase().featuredVideo('pressure_washing_videos')
    expect(video).toEqual({
      id: '7',
      video_url: 'https://cdn.example.com/hero.mp4',
      mime_type: 'video/mp4',
      is_featured: true,
      created_at: '2026-01-02T03:04:05+00:00',
    })
    const r = requests[0]!
    expect(r.method).toBe('GET')
    expect(r.path).toBe('/rest/v1/pressure_washing_videos')
    expect(r.query.get('select')).toBe('*')
    expect(r.query.get('is_featured')).toBe('eq.true')
    expect(r.query.get('limit')).toBe('1')
    expectAnonHeaders(r)

    reply('/rest/v1/service_videos', 200, [])
    expect(await supabase().featuredVideo('service_videos')).toBeNull()
    expect(requests[1]?.path).toBe('/rest/v1/service_videos')

    reply('/rest/v1/service_videos', 200, [
      { id: 'x', video_url: 'v.webm', mime_type: 'video/webm', is_featured: true },
    ])
    expect(await supabase().featuredVideo('service_videos')).toMatchObject({ mime_type: 'video/webm' })

    reply('/rest/v1/service_videos', 500, { message: 'db down', code: 'XX000' })
    await expect(supabase().featuredVideo('service_videos')).rejects.toThrow(/reading service_videos failed/)
    await expect(supabase().featuredVideo('quote_requests' as never)).rejects.toThrow(/Unknown video table/)
  })

  it('fetch-reviews: POST with no payload; { reviews } or a bare array; invalid items dropped', async () => {
    const good = {
      id: 1,
      author: 'Maria G.',
      rating: 5,
      text: 'Great',
      date: '2025-04-12',
      avatar: 'https://i.example/a.png',
    }
    const noAvatar = { id: 'r2', author: 'Tom R.', rating: 4, text: 'Good', date: '2026-01-17', avatar: null }
    const invalid = [
      { id: 3, author: '', rating: 5, text: 'x', date: '2025-01-01' },
      { id: 4, author: 'A', rating: 6, text: 'x', date: '2025-01-01' },
      { id: 5, author: 'A', rating: 5, date: '2025-01-01' },
      'junk',
      null,
    ]
    reply('/functions/v1/fetch-reviews', 200, { reviews: [good, ...invalid, noAvatar] })
    const expected = [
      { id: '1', author: 'Maria G.', rating: 5, text: 'Great', date: '2025-04-12', avatar: 'https://i.example/a.png' },
      { id: 'r2', author: 'Tom R.', rating: 4, text: 'Good', date: '2026-01-17' },
    ]
    expect(await supabase().reviews()).toEqual(expected)
    const r = requests[0]!
    expect(r.method).toBe('POST')
    expect(r.path).toBe('/functions/v1/fetch-reviews')
    expectAnonHeaders(r)

    reply('/functions/v1/fetch-reviews', 200, [good, noAvatar])
    expect(await supabase().reviews()).toEqual(expected)

    reply('/functions/v1/fetch-reviews', 200, { message: 'nothing' })
    await expect(supabase().reviews()).rejects.toThrow(/no reviews array/)
    reply('/functions/v1/fetch-reviews', 500, { error: 'x' })
    await expect(supabase().reviews()).rejects.toThrow(/fetch-reviews failed/)
    await expect(supabase(`http://127.0.0.1:${await freePort()}`).reviews()).rejects.toThrow(/fetch-reviews failed/)
  })
})
