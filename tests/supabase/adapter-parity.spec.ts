/**
 * The SAME tests against both adapters: embedded (PGlite and the outbox) and Supabase, whose functions run
 * under Deno against Postgres 15. The featured-video table read goes to the e2e/support stub instead,
 * as PostgREST cannot run here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PHOTO_TOKEN_PATTERN } from '../../app/lib/lead-photos'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { QUOTE_FIELD_MESSAGES } from '../../app/lib/quote-schema'
import { askAssistant } from '../../app/server/assistant/ask.server'
import { answerGrounded } from '../../app/server/assistant/grounded.server'
import { closeBackend, createBackend } from '../../app/server/backend/backend-factory.server'
import type { Backend, VideoTable } from '../../app/server/backend/backend.server'
import { createEmbeddedBackend, setFeaturedVideo, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { createFormTokens } from '../../app/server/quote/form-token.server'
import { createQuoteService } from '../../app/server/quote/quote-service.server'
import { startSupabaseStub, type SupabaseStub } from '../../e2e/support/supabase-stub'
import { queryJson } from '../support/supabase-postgres'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { captureLog } from '../support/log-capture'
import { outboxDelivered } from './support'
import { parseRuntimeConfig } from '../../app/server/config.server'

const OWNER = 'owner@delta-breeze.example'
const NO_ACK = { CUSTOMER_ACKNOWLEDGEMENT: 'off' }
/** The functions here require the site secret, so every test below also checks that the adapter sends it. */
const SITE_FUNCTION_SECRET = 'site-secret-local-test-7c1e9a'

/** A stored lead, as both adapters' tables hold it. */
interface StoredLead {
  first_name: string
  email: string
  phone: string
  status: string
  spam_reason: string | null
  source_page: string | null
}

/** Where a stored lead came from (lead-source.ts): the channel the writer worked out, and the raw values. */
interface StoredSource {
  first_name: string
  source_channel: string | null
  source_tags: Record<string, string> | null
  landing_path: string | null
  referrer_host: string | null
  heard_about: string | null
}

const SOURCE_QUERY = `SELECT first_name, source_channel, source_tags, landing_path, referrer_host, heard_about
                        FROM public.quote_requests ORDER BY created_at`

interface Adapter {
  backend: Backend
  /** Leads stored so far. */
  leads(): Promise<StoredLead[]>
  sources(): Promise<StoredSource[]>
  /** Let pending notifications go out: both backends send them after the answer. */
  flushEmails(): Promise<void>
  feature(
    table: VideoTable,
    video: { video_url: string; mime_type: string | null; title: string | null },
  ): Promise<void>
  ask(message: string): Promise<string>
}

let smtp: TestSmtp
let local: LocalSupabase
let stub: SupabaseStub
let embedded: EmbeddedBackend
let embeddedDir: string
const savedEnv = { SUPABASE_URL: process.env.SUPABASE_URL, SUPABASE_ANON_KEY: process.env.SUPABASE_ANON_KEY }

beforeAll(async () => {
  smtp = await startSmtp()
  stub = await startSupabaseStub()
  local = await startLocalSupabase({
    restFallbackUrl: stub.url,
    // The owner's e-mails are compared here; the customer's acknowledgement is follow-through.spec.ts's.
    functionEnv: () => ({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER, SITE_FUNCTION_SECRET, ...NO_ACK }),
  })
  embeddedDir = mkdtempSync(join(tmpdir(), 'supabase-parity-'))
  embedded = createEmbeddedBackend({
    config: parseRuntimeConfig({ SMTP_URL: smtp.url, QUOTE_NOTIFY_EMAIL: OWNER, ...NO_ACK }),
    dataDir: embeddedDir,
  })
  await embedded.ready()
})

afterAll(async () => {
  await closeBackend()
  process.env.SUPABASE_URL = savedEnv.SUPABASE_URL
  process.env.SUPABASE_ANON_KEY = savedEnv.SUPABASE_ANON_KEY
  if (savedEnv.SUPABASE_URL === undefined) delete process.env.SUPABASE_URL
  if (savedEnv.SUPABASE_ANON_KEY === undefined) delete process.env.SUPABASE_ANON_KEY
  await embedded?.close()
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true })
  await local?.stop()
  await stub?.stop()
  await smtp?.close()
})

const adapters: [string, () => Adapter][] = [
  [
    'embedded adapter (PGlite + outbox)',
    () => ({
      backend: embedded,
      async leads() {
        const db = await embedded.db()
        return (
          await db.query<StoredLead>(
            'SELECT first_name, email, phone, status, spam_reason, source_page FROM quote_requests ORDER BY created_at',
          )
        ).rows
      },
      async sources() {
        return (await (await embedded.db()).query<StoredSource>(SOURCE_QUERY)).rows
      },
      async flushEmails() {
        await (await embedded.outbox()).drain()
      },
      async feature(table, video) {
        await setFeaturedVideo(await embedded.db(), table, video.video_url, video.mime_type, video.title)
      },
      ask: (message) => askAssistant(message, embedded),
    }),
  ],
  [
    'supabase adapter → Edge Functions under Deno + Postgres 15 (REST table reads: local stub, PostgREST cannot run here)',
    () => {
      // From an environment, as the site's server builds it.
      const backend = createBackend(
        parseRuntimeConfig({ SUPABASE_URL: local.url, SUPABASE_ANON_KEY: local.keys.anon, SITE_FUNCTION_SECRET }),
      )
      // What PostgREST answers for `?is_featured=eq.true&limit=1` with no featured row: [].
      stub.state.videos.pressure_washing_videos = { status: 200, body: [] }
      stub.state.videos.service_videos = { status: 200, body: [] }
      return {
        backend,
        async leads() {
          return queryJson(
            local.cluster,
            'SELECT first_name, email, phone, status, spam_reason, source_page FROM public.quote_requests ORDER BY created_at',
          )
        },
        async sources() {
          return queryJson<StoredSource>(local.cluster, SOURCE_QUERY)
        },
        async flushEmails() {
          await outboxDelivered(local.cluster)
        },
        async feature(table, video) {
          const row = { id: crypto.randomUUID(), ...video, is_featured: true, created_at: new Date().toISOString() }
          stub.state.videos[table] = { status: 200, body: [row] }
        },
        async ask(message) {
          return askAssistant(message, backend)
        },
      }
    },
  ],
]

const FORM_TOKEN_SECRET = 'parity-form-token-secret'
const formTokens = createFormTokens(FORM_TOKEN_SECRET)

describe.each(adapters)('%s', (_name, make) => {
  let adapter: Adapter
  const quotes = createQuoteService({ rateLimit: 0, formTokenSecret: FORM_TOKEN_SECRET })
  // A clean lead's answer carries its photo token in both modes (decision 044); suspected spam's never.
  const withToken = { success: true, photoToken: expect.stringMatching(PHOTO_TOKEN_PATTERN) }
  const meta = { ip: '203.0.113.7', userAgent: 'parity-test' }
  let seq = 0
  const payload = (fields: Record<string, unknown>) => ({
    firstName: 'Maria',
    email: 'maria@example.com',
    phone: '(916) 555-0199',
    company: '',
    formToken: formTokens.issue(Date.now() - 8000),
    idempotencyKey: `parity-${Date.now()}-${++seq}`,
    sourcePage: '/contact',
    ...fields,
  })

  beforeAll(() => {
    adapter = make()
  })
  beforeEach(() => {
    smtp.received.length = 0
  })

  it('quote: a valid request is answered 200, stored once with trimmed fields and its page, and e-mailed to the owner', async () => {
    const before = (await adapter.leads()).length
    const result = await quotes.handle(
      payload({ firstName: '  Quinn ', email: 'quinn@example.com ', phone: ' 916-555-0111' }),
      meta,
      adapter.backend,
    )
    expect(result).toEqual({ status: 200, body: withToken })
    const leads = await adapter.leads()
    expect(leads.length).toBe(before + 1)
    expect(leads.at(-1)).toEqual({
      first_name: 'Quinn',
      email: 'quinn@example.com',
      phone: '916-555-0111',
      status: 'new',
      spam_reason: null,
      source_page: '/contact',
    })
    await adapter.flushEmails()
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.rcptTo).toEqual([OWNER])
    expect(smtp.received[0]!.mail.subject).toBe('New quote request from Quinn')
    expect(smtp.received[0]!.mail.replyTo?.value[0]?.address).toBe('quinn@example.com')
    expect(smtp.received[0]!.mail.text).toContain('Phone:    916-555-0111')
    expect(smtp.received[0]!.mail.text).toContain('Page:     /contact\n')
  })

  it("quote: the visit's source and the answer to how they heard of us are stored alike: the same channel, the same cleaned values", async () => {
    // With junk a forger added (a browser sends the JSON text of the tab's note, its values cut at 200).
    const visitSource = {
      tags: {
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'x'.repeat(10_240),
        utm_term: 'deck\r\nBcc: victim@example.com',
        gclid: 'TeSt123',
        fbclid: 'not a click id',
      },
      landingPath: '/',
      channel: 'direct',
    }
    const sent = [
      payload({ firstName: 'Tagged', visitSource, heardAbout: 'ad' }),
      payload({
        firstName: 'Linked',
        visitSource: JSON.stringify({ tags: {}, landingPath: '/contact', referrerHost: 'www.example.org' }),
      }),
      payload({ firstName: 'Typed', visitSource: '[1,2,3]', heardAbout: 'a friend told me' }),
    ]
    for (const body of sent)
      expect(await quotes.handle(body, meta, adapter.backend)).toEqual({ status: 200, body: withToken })
    expect((await adapter.sources()).slice(-3)).toEqual([
      {
        first_name: 'Tagged',
        source_channel: 'paid_search',
        source_tags: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'x'.repeat(100), gclid: 'TeSt123' },
        landing_path: '/',
        referrer_host: null,
        heard_about: 'ad',
      },
      {
        first_name: 'Linked',
        source_channel: 'referral',
        source_tags: null,
        landing_path: '/contact',
        referrer_host: 'www.example.org',
        heard_about: null,
      },
      {
        first_name: 'Typed',
        source_channel: 'direct',
        source_tags: null,
        landing_path: null,
        referrer_host: null,
        heard_about: null,
      },
    ])
    await adapter.flushEmails()
  })

  it('quote: a retried submission (same key) is acknowledged, stored once and e-mailed once', async () => {
    const before = (await adapter.leads()).length
    const body = payload({ firstName: 'Rita', email: 'rita@example.com', phone: '916-555-0112' })
    expect(await quotes.handle(body, meta, adapter.backend)).toEqual({ status: 200, body: withToken })
    expect(await quotes.handle(body, meta, adapter.backend)).toEqual({ status: 200, body: withToken })
    await adapter.flushEmails()
    expect((await adapter.leads()).length).toBe(before + 1)
    expect(smtp.received).toHaveLength(1)
  })

  it('quote: bad input is answered 400 with the first issue, and nothing is stored or e-mailed', async () => {
    const before = (await adapter.leads()).length
    expect(await quotes.handle(payload({ email: 'not-an-email' }), meta, adapter.backend)).toEqual({
      status: 400,
      body: { success: false, reason: 'invalid', error: QUOTE_FIELD_MESSAGES.emailInvalid, field: 'email' },
    })
    expect(
      await quotes.handle(payload({ firstName: 'Ann\r\nBcc: x@example.com' }), meta, adapter.backend),
    ).toMatchObject({
      status: 400,
      body: { error: QUOTE_FIELD_MESSAGES.firstNameInvalidChars },
    })
    await adapter.flushEmails()
    expect((await adapter.leads()).length).toBe(before)
    expect(smtp.received).toHaveLength(0)
  })

  it('quote: a form sent faster than a person types is acknowledged, stored as suspected spam with its reason, and not e-mailed; sent again after the minimum time it is rescued and e-mailed once', async () => {
    const before = (await adapter.leads()).length
    let now = Date.now()
    const clocked = createQuoteService({ rateLimit: 0, formTokenSecret: FORM_TOKEN_SECRET, now: () => now })
    const formToken = createFormTokens(FORM_TOKEN_SECRET, () => now).issue(now - 900)
    const body = payload({ firstName: 'Hasty', email: 'hasty@example.com', phone: '916-555-0114', formToken })
    expect(await clocked.handle(body, meta, adapter.backend)).toEqual({ status: 200, body: { success: true } })
    await adapter.flushEmails()
    let leads = await adapter.leads()
    expect(leads.length).toBe(before + 1)
    expect(leads.at(-1)).toMatchObject({ first_name: 'Hasty', status: 'suspected_spam', spam_reason: 'too-fast:900ms' })
    expect(smtp.received).toHaveLength(0)

    now += 8000
    expect(await clocked.handle(body, meta, adapter.backend)).toEqual({
      status: 200,
      body: withToken,
    })
    await adapter.flushEmails()
    leads = await adapter.leads()
    expect(leads.length).toBe(before + 1)
    expect(leads.at(-1)).toMatchObject({ first_name: 'Hasty', status: 'new', spam_reason: null })
    expect(smtp.received.map((message) => message.mail.subject)).toEqual(['New quote request from Hasty'])
  })

  it('reviews: the published reviews in the Review shape, newest first', async () => {
    const reviews = await adapter.backend.reviews()
    expect(reviews.map(({ author, rating, date }) => ({ author, rating, date }))).toEqual([
      { author: 'Angela W.', rating: 5, date: '2026-02-26' },
      { author: 'Tom R.', rating: 5, date: '2026-01-17' },
      { author: 'Priya S.', rating: 5, date: '2025-10-30' },
      { author: 'Derek M.', rating: 5, date: '2025-09-08' },
      { author: 'Linda P.', rating: 5, date: '2025-07-21' },
      { author: 'Jason T.', rating: 5, date: '2025-06-03' },
      { author: 'Maria G.', rating: 5, date: '2025-04-12' },
    ])
    for (const review of reviews) {
      expect(typeof review.id).toBe('string')
      expect(review.text.length).toBeGreaterThan(0)
      expect('avatar' in review).toBe(false)
    }
  })

  it('assistant: answers grounded questions from the site content', async () => {
    for (const message of [
      'What are your hours?',
      'Do you serve Elk Grove?',
      'Do you do pressure washing in Reno?',
      'How much for a driveway?',
    ]) {
      expect(await adapter.ask(message), message).toBe(answerGrounded(message))
    }
    expect(await adapter.ask('What is your phone number?')).toContain(site.phone)
  })

  it('featured video: none, then the one set as featured (supabase: REST read on the local stub, PostgREST cannot run here)', async () => {
    expect(await adapter.backend.featuredVideo('service_videos')).toBeNull()
    await adapter.feature('service_videos', {
      video_url: 'https://cdn.example.com/s.webm',
      mime_type: null,
      title: 'Services',
    })
    expect(await adapter.backend.featuredVideo('service_videos')).toMatchObject({
      video_url: 'https://cdn.example.com/s.webm',
      mime_type: 'video/mp4',
      is_featured: true,
      title: 'Services',
    })
  })
})

describe("supabase adapter whose SITE_FUNCTION_SECRET differs from the functions' secret", () => {
  it('every function call is refused (401) with a log naming the settings to compare; the visitor is told to call, nothing is stored or e-mailed', async () => {
    const backend = createBackend(
      parseRuntimeConfig({
        SUPABASE_URL: local.url,
        SUPABASE_ANON_KEY: local.keys.anon,
        SITE_FUNCTION_SECRET: `${SITE_FUNCTION_SECRET}-old`,
      }),
    )
    const stored = async () => (await queryJson(local.cluster, 'SELECT id FROM public.quote_requests')).length
    const before = await stored()
    smtp.received.length = 0
    const unsavedLeadsDir = mkdtempSync(join(tmpdir(), 'parity-unsaved-'))
    const log = captureLog()
    try {
      const quotes = createQuoteService({ rateLimit: 0, formTokenSecret: FORM_TOKEN_SECRET, unsavedLeadsDir })
      const result = await quotes.handle(
        {
          firstName: 'Sam',
          email: 'sam@example.com',
          phone: '916-555-0113',
          company: '',
          formToken: formTokens.issue(Date.now() - 8000),
          idempotencyKey: `mismatch-${Date.now()}`,
          sourcePage: '/contact',
        },
        { ip: '203.0.113.8', userAgent: 'parity-test' },
        backend,
      )
      expect(result).toMatchObject({ status: 503, body: { success: false, reason: 'call-failed' } })
    } finally {
      log.restore()
    }
    const settings = /401: the function refused the site; SITE_FUNCTION_SECRET must be the same .* SUPABASE_ANON_KEY/
    const notSaved = log.records().find((line) => /^lead not saved/.test(line.msg))
    expect(notSaved?.err?.message).toMatch(/send-quote-email failed: .*401: the function refused the site/)
    // The owner finds the lead in the recovery file the line names, not in the log.
    expect(log.text()).not.toContain('sam@example.com')
    expect(readFileSync(String(notSaved?.recoveryFile), 'utf8')).toContain('sam@example.com')
    await expect(backend.reviews()).rejects.toThrow(settings)
    await expect(backend.askAssistant('What are your hours?')).rejects.toThrow(settings)
    expect(await stored()).toBe(before)
    expect(smtp.received).toHaveLength(0)
    await backend.close()
  })
})
