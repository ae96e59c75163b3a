/**
 * The Edge Functions, run by Deno exactly as deployed (supabase/functions/<name>/index.ts), against
 * PostgreSQL 15 with the migrations applied (a direct connection: PostgREST cannot run here), an
 * in-process SMTP server, and local STUBS of Resend's e-mail API and the Google Places API.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LEAD_ID_PATTERN } from '../../app/lib/lead-photos'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { firstQuoteIssue, quoteRequestSchema } from '../../app/lib/quote-schema'
import { answerGrounded } from '../../app/server/assistant/grounded.server'
import { site } from '../../app/content/site'
import { createEmbeddedBackend } from '../../app/server/backend/embedded.server'
import { psqlOk, queryJson, LOCAL_PASSWORDS } from '../support/supabase-postgres'
import { startFunction, startLocalSupabase, type LocalSupabase, type RunningFunction } from '../support/supabase-local'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { quoteCases } from './quote-cases'
import {
  callFunction,
  outboxDelivered,
  outboxIdle,
  placesReview,
  startEmailApiStub,
  startLlmStub,
  startPlacesStub,
  waitFor,
  type EmailApiStub,
  type LlmStub,
  type PlacesStub,
} from './support'
import { parseRuntimeConfig } from '../../app/server/config.server'

// send-quote-email's answer to the site: the stored lead's id, for the photo token (decision 044).
const stored = { success: true, leadId: expect.stringMatching(LEAD_ID_PATTERN) }

const SITE_ORIGIN = 'https://www.delta-breeze.example'
const SECRETS = {
  RESEND_API_KEY: 're_local_test_key_5f0c1d2e3a4b',
  GOOGLE_PLACES_API_KEY: 'AIzaLocalTestKey-9d8c7b6a5f4e3d2c1b0a',
  GOOGLE_PLACE_ID: 'ChIJlocalTestPlaceId1234',
  ASSISTANT_LLM_KEY: 'sk-local-llm-test-key-0a1b2c3d4e5f',
  SITE_FUNCTION_SECRET: 'site-secret-local-test-3b8f2d',
}

let local: LocalSupabase
let smtp: TestSmtp
let emailApi: EmailApiStub
let places: PlacesStub
let llm: LlmStub
const extra: RunningFunction[] = []
const responses: string[] = []

async function invoke(name: string, body: unknown, headers: Record<string, string> = {}, base?: string) {
  const url = base ?? `${local.url}/functions/v1/${name}`
  const auth: Record<string, string> = base
    ? {}
    : { Authorization: `Bearer ${local.keys.anon}`, apikey: local.keys.anon }
  const result = await callFunction(url, body, { ...auth, ...headers })
  responses.push(result.text, JSON.stringify([...result.headers.entries()]))
  return result
}

function count(table: string): number {
  return queryJson<{ n: number }>(local.cluster, `SELECT count(*)::int AS n FROM public.${table}`)[0]!.n
}

async function deliveriesSettled() {
  await outboxDelivered(local.cluster)
}

/** Another instance of a function, with its own secrets, on the same database. */
async function startVariant(name: string, env: Record<string, string>): Promise<RunningFunction> {
  const fn = await startFunction(name, {
    env: {
      SUPABASE_URL: local.url,
      SUPABASE_SERVICE_ROLE_KEY: local.keys.service,
      FUNCTIONS_DATABASE_URL: local.cluster.url('authenticator'),
      SITE_ORIGIN,
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
      ...env,
    },
  })
  extra.push(fn)
  return fn
}

beforeAll(async () => {
  ;[smtp, emailApi, places, llm] = await Promise.all([
    startSmtp(),
    startEmailApiStub(),
    startPlacesStub(),
    startLlmStub(),
  ])
  local = await startLocalSupabase({
    // The owner's e-mails are counted here; the customer's acknowledgement is follow-through.spec.ts's.
    functionEnv: () => ({
      SITE_ORIGIN,
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_EMAIL: 'owner@delta-breeze.example',
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
    }),
  })
})

afterAll(async () => {
  await Promise.all(extra.map((f) => f.stop()))
  await local?.stop()
  await Promise.all([smtp?.close(), emailApi?.stop(), places?.stop(), llm?.stop()])
})

describe('send-quote-email (Deno, real Postgres 15, in-process SMTP server)', () => {
  beforeEach(async () => {
    await outboxIdle(local.cluster)
    psqlOk(local.cluster, 'TRUNCATE public.quote_requests CASCADE;')
    smtp.received.length = 0
  })

  it('stores the lead, answers { success: true }, then e-mails the owner', async () => {
    const result = await invoke('send-quote-email', {
      firstName: ' Maria ',
      email: 'maria@example.com ',
      phone: ' (916) 555-0199',
    })
    expect(result.status).toBe(200)
    expect(result.json).toEqual(stored)
    const rows = queryJson<Record<string, unknown>>(
      local.cluster,
      'SELECT id, first_name, email, phone, status FROM public.quote_requests',
    )
    expect(rows).toEqual([
      {
        id: expect.any(String),
        first_name: 'Maria',
        email: 'maria@example.com',
        phone: '(916) 555-0199',
        status: 'new',
      },
    ])
    await deliveriesSettled()
    const outbox = queryJson<{ sent_at: string | null; attempts: number }>(
      local.cluster,
      'SELECT sent_at, attempts FROM public.quote_outbox',
    )
    expect(outbox).toEqual([{ sent_at: expect.any(String), attempts: 1 }])
    expect(smtp.received).toHaveLength(1)
    const { mail, rcptTo } = smtp.received[0]!
    expect(rcptTo).toEqual(['owner@delta-breeze.example'])
    expect(mail.subject).toBe('New quote request from Maria')
    expect(mail.from?.value[0]).toMatchObject({
      name: `${site.name} Website`,
      address: expect.stringMatching(/^no-reply@/),
    })
    expect(mail.replyTo?.value[0]?.address).toBe('maria@example.com')
    expect(mail.text).toContain('Name:     Maria')
    expect(mail.text).toContain('Phone:    (916) 555-0199')
    expect(mail.text).toContain(`Reference: ${rows[0]!.id}`)
    expect(mail.headers.get('x-quote-request-id')).toBe(rows[0]!.id)
  })

  it("stores the service address, time and outside-area flag, and puts them in the owner's e-mail", async () => {
    const away = { street: '4821 Elm Ridge Way', zip: '95814', preferredTime: 'afternoon' }
    await invoke('send-quote-email', { firstName: 'Rosa', email: 'rosa@example.com', phone: '916-555-0142', ...away })
    await invoke('send-quote-email', {
      firstName: 'Fern',
      email: 'fern@example.com',
      phone: '916-555-0143',
      zip: '95630',
    })
    await invoke('send-quote-email', { firstName: 'Bare', email: 'bare@example.com', phone: '916-555-0144' })
    expect(
      queryJson(
        local.cluster,
        `SELECT first_name, service_street, service_zip, preferred_time, outside_area
           FROM public.quote_requests ORDER BY first_name`,
      ),
    ).toEqual([
      { first_name: 'Bare', service_street: null, service_zip: null, preferred_time: null, outside_area: null },
      { first_name: 'Fern', service_street: null, service_zip: '95630', preferred_time: null, outside_area: false },
      {
        first_name: 'Rosa',
        service_street: '4821 Elm Ridge Way',
        service_zip: '95814',
        preferred_time: 'afternoon',
        outside_area: true,
      },
    ])
    await deliveriesSettled()
    const text = (name: string) => smtp.received.find(({ mail }) => mail.subject?.endsWith(name))?.mail.text ?? ''
    expect(text('Rosa')).toContain('Address:  4821 Elm Ridge Way, 95814\n')
    expect(text('Rosa')).toContain('Area:     Outside the usual area')
    expect(text('Rosa')).toContain('Best time: Afternoon\n')
    expect(text('Fern')).toContain('Address:  95630\n')
    expect(text('Fern')).not.toContain('Outside the usual area')
    expect(text('Bare')).not.toMatch(/Address:|Area:|Map:|Best time:/)
  })

  it("one table of cases: the function gives the site's answer for each (4xx + first message, or success)", async () => {
    let valid = 0
    for (const c of quoteCases) {
      // The table agrees with the site's rules…
      expect(firstQuoteIssue(quoteRequestSchema, c.body), c.name).toBe(c.error)
      // …and the function agrees with the table.
      const result = await invoke('send-quote-email', c.body)
      if (c.error === null) {
        valid++
        expect(result.status, c.name).toBe(200)
        expect(result.json, c.name).toEqual(stored)
      } else {
        expect(result.status, c.name).toBe(400)
        expect(result.json, c.name).toEqual({ success: false, error: c.error })
      }
    }
    expect(count('quote_requests')).toBe(valid)
  })

  it('bad input is rejected with 4xx and stores nothing', async () => {
    const before = count('quote_requests')
    for (const c of quoteCases.filter((q) => q.error !== null)) {
      expect((await invoke('send-quote-email', c.body)).status, c.name).toBe(400)
    }
    const tooLarge = await invoke('send-quote-email', {
      firstName: 'A',
      email: 'a@example.com',
      phone: '9165550100',
      pad: 'x'.repeat(20_000),
    })
    expect(tooLarge).toMatchObject({ status: 400, json: { success: false, error: 'The request is too large.' } })
    const notJson = await invoke('send-quote-email', '{"firstName":')
    expect(notJson).toMatchObject({ status: 400, json: { success: false, error: 'Invalid form data' } })
    const get = await fetch(`${local.url}/functions/v1/send-quote-email`, {
      headers: { Authorization: `Bearer ${local.keys.anon}` },
    })
    expect(get.status).toBe(405)
    expect(count('quote_requests')).toBe(before)
    expect(count('quote_outbox')).toBe(before)
    expect(smtp.received).toHaveLength(0)
  })

  it('a retry with the same Idempotency-Key and fields is one lead and one e-mail; changed fields are a new lead', async () => {
    const lead = { firstName: 'Ray', email: 'ray@example.com', phone: '916-555-0123' }
    const key = { 'Idempotency-Key': 'retry-key-123456.0f1e2d3c4b5a6978' }
    expect((await invoke('send-quote-email', lead, key)).json).toEqual(stored)
    expect((await invoke('send-quote-email', lead, key)).json).toEqual(stored)
    expect(count('quote_requests')).toBe(1)
    await deliveriesSettled()
    expect(smtp.received).toHaveLength(1)
    expect((await invoke('send-quote-email', { ...lead, phone: '916-555-0124' }, key)).json).toEqual(stored)
    expect(count('quote_requests')).toBe(2)
    await deliveriesSettled()
    expect(smtp.received).toHaveLength(2)
  })

  it('a lead the site flags as suspected spam is stored with its reason and not e-mailed; the same request sent again without the flag is rescued and e-mailed once', async () => {
    const lead = { firstName: 'Quick', email: 'quick@example.com', phone: '916-555-0131' }
    const key = { 'Idempotency-Key': 'spam-rescue-key-0001' }
    const leads = () =>
      queryJson<{ status: string; spam_reason: string | null }>(
        local.cluster,
        'SELECT status, spam_reason FROM public.quote_requests',
      )
    // The reason is stored as a short token: anything else in the header is dropped.
    expect((await invoke('send-quote-email', lead, { ...key, 'x-suspected-spam': 'too-fast:800ms <b>' })).json).toEqual(
      stored,
    )
    expect((await invoke('send-quote-email', lead, { ...key, 'x-suspected-spam': 'too-fast:800ms' })).json).toEqual(
      stored,
    )
    expect(leads()).toEqual([{ status: 'suspected_spam', spam_reason: 'too-fast:800ms' }])
    expect(count('quote_outbox')).toBe(0)
    expect(smtp.received).toHaveLength(0)

    expect((await invoke('send-quote-email', lead, key)).json).toEqual(stored)
    expect(leads()).toEqual([{ status: 'new', spam_reason: null }])
    await deliveriesSettled()
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['New quote request from Quick'])
    expect((await invoke('send-quote-email', lead, key)).json).toEqual(stored)
    expect(count('quote_requests')).toBe(1)
    await deliveriesSettled()
    expect(smtp.received).toHaveLength(1)
  })

  it('CORS: only the site origin is allowed; a foreign origin is refused and stores nothing', async () => {
    const lead = { firstName: 'Cora', email: 'cora@example.com', phone: '916-555-0130' }
    const preflight = await fetch(`${local.url}/functions/v1/send-quote-email`, {
      method: 'OPTIONS',
      headers: { Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/)

    const foreignPreflight = await fetch(`${local.url}/functions/v1/send-quote-email`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(foreignPreflight.status).toBe(403)
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull()

    const foreign = await invoke('send-quote-email', lead, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(count('quote_requests')).toBe(0)

    const fromSite = await invoke('send-quote-email', lead, { Origin: SITE_ORIGIN })
    expect(fromSite.status).toBe(200)
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN)
    expect(count('quote_requests')).toBe(1)
  })

  it('the gateway stand-in refuses calls without a project key (verify_jwt)', async () => {
    const result = await callFunction(`${local.url}/functions/v1/send-quote-email`, {
      firstName: 'A',
      email: 'a@example.com',
      phone: '9165550100',
    })
    expect(result.status).toBe(401)
    expect(count('quote_requests')).toBe(0)
  })

  it("with SITE_FUNCTION_SECRET set, a call with the anon key alone gets 401 and stores nothing; the site's secret gets in", async () => {
    const fn = await startVariant('send-quote-email', { SITE_FUNCTION_SECRET: SECRETS.SITE_FUNCTION_SECRET })
    const lead = { firstName: 'Rex', email: 'rex@example.com', phone: '916-555-0135' }
    const anonOnly = { Authorization: `Bearer ${local.keys.anon}`, apikey: local.keys.anon }
    for (const headers of [
      anonOnly,
      { ...anonOnly, 'x-site-secret': 'wrong' },
      { ...anonOnly, 'x-site-secret': `${SECRETS.SITE_FUNCTION_SECRET}x` },
    ]) {
      const refused = await invoke('send-quote-email', lead, headers, fn.url)
      expect(refused).toMatchObject({ status: 401, json: { success: false, error: 'Not allowed' } })
    }
    expect(count('quote_requests')).toBe(0)
    expect(smtp.received).toHaveLength(0)

    const fromSite = await invoke(
      'send-quote-email',
      lead,
      { ...anonOnly, 'x-site-secret': SECRETS.SITE_FUNCTION_SECRET },
      fn.url,
    )
    expect(fromSite).toMatchObject({ status: 200, json: { success: true } })
    expect(count('quote_requests')).toBe(1)
  })

  it('SMTP down: the lead is still stored and acknowledged; the failure is recorded for a retry', async () => {
    const fn = await startVariant('send-quote-email', { SMTP_URL: 'smtp://127.0.0.1:9' })
    const result = await invoke(
      'send-quote-email',
      { firstName: 'Sam', email: 'sam@example.com', phone: '916-555-0140' },
      {},
      fn.url,
    )
    expect(result.json).toEqual(stored)
    expect(queryJson(local.cluster, 'SELECT first_name FROM public.quote_requests')).toEqual([{ first_name: 'Sam' }])
    await deliveriesSettled()
    const [row] = queryJson<{ sent_at: string | null; attempts: number; last_error: string; due_later: boolean }>(
      local.cluster,
      'SELECT sent_at, attempts, last_error, next_attempt_at > now() AS due_later FROM public.quote_outbox',
    )
    expect(row).toMatchObject({ sent_at: null, attempts: 1, due_later: true })
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect|refused/i)
  })

  it("answers once the lead is stored, while the owner's mail server has not even said hello; the e-mail is tried after", async () => {
    const connections = new Set<Socket>()
    const silent = createServer((socket) => connections.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const fn = await startVariant('send-quote-email', {
        SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      })
      const result = await invoke(
        'send-quote-email',
        { firstName: 'Hal', email: 'hal@example.com', phone: '916-555-0141' },
        {},
        fn.url,
      )
      expect(result.json).toEqual(stored)
      const outbox = () =>
        queryJson<{ sent: boolean; last_error: string | null }>(
          local.cluster,
          'SELECT sent_at IS NOT NULL AS sent, last_error FROM public.quote_outbox',
        )
      // Had the answer waited for the e-mail, the mail server's silence would already be recorded here.
      expect(outbox()).toEqual([{ sent: false, last_error: null }])
      await waitFor(() => connections.size > 0)
      const [failed] = await waitFor(() => outbox()[0]?.last_error && outbox(), 20_000)
      expect(failed).toMatchObject({ sent: false, last_error: expect.stringMatching(/greeting|timeout/i) })
    } finally {
      for (const socket of connections) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('e-mail API (local stub of Resend): sends with the key and an idempotency key; a failed send is retried by the next request', async () => {
    const fn = await startVariant('send-quote-email', {
      RESEND_API_KEY: SECRETS.RESEND_API_KEY,
      RESEND_API_URL: emailApi.url,
      QUOTE_NOTIFY_EMAIL: 'owner@delta-breeze.example',
      QUOTE_FROM_EMAIL: 'quotes@delta-breeze.example',
    })
    emailApi.calls.length = 0
    emailApi.failNext(1)
    expect(
      (
        await invoke(
          'send-quote-email',
          { firstName: 'Ivy', email: 'ivy@example.com', phone: '916-555-0150' },
          {},
          fn.url,
        )
      ).json,
    ).toEqual(stored)
    await deliveriesSettled()
    expect(emailApi.calls).toHaveLength(1)
    expect(queryJson(local.cluster, 'SELECT sent_at IS NULL AS pending FROM public.quote_outbox')).toEqual([
      { pending: true },
    ])

    // Time passes (the backoff is over); the next lead's request also retries Ivy's notification.
    psqlOk(local.cluster, `UPDATE public.quote_outbox SET next_attempt_at = now() - interval '1 second';`)
    expect(
      (
        await invoke(
          'send-quote-email',
          { firstName: 'Jon', email: 'jon@example.com', phone: '916-555-0151' },
          {},
          fn.url,
        )
      ).json,
    ).toEqual(stored)
    // Jon's request also sends Ivy's e-mail, due again.
    await expect
      .poll(() => queryJson(local.cluster, 'SELECT count(*)::int AS n FROM public.quote_outbox WHERE sent_at IS NULL'))
      .toEqual([{ n: 0 }])
    const sent = emailApi.calls.slice(1)
    expect(sent.map((c) => (c.body as { subject: string }).subject).sort()).toEqual([
      'New quote request from Ivy',
      'New quote request from Jon',
    ])
    for (const call of emailApi.calls) {
      expect(call.headers.authorization).toBe(`Bearer ${SECRETS.RESEND_API_KEY}`)
      expect(call.headers['idempotency-key']).toMatch(/^quote-[0-9a-f-]{36}$/)
      expect(call.body).toMatchObject({
        from: `${site.name} Website <quotes@delta-breeze.example>`,
        to: ['owner@delta-breeze.example'],
      })
    }
    // The failed attempt and its retry carry the same idempotency key (no duplicate e-mail).
    const ivyKeys = emailApi.calls
      .filter((c) => (c.body as { subject: string }).subject.endsWith('Ivy'))
      .map((c) => c.headers['idempotency-key'])
    expect(ivyKeys).toHaveLength(2)
    expect(ivyKeys[0]).toBe(ivyKeys[1])
    expect(
      (sent.find((c) => (c.body as { subject: string }).subject.endsWith('Jon'))!.body as { reply_to: string })
        .reply_to,
    ).toBe('jon@example.com')
  })

  it('database down: 500 with the call-us message (business phone from the secrets), the lead logged as not saved by its key — without the password or any contact detail', async () => {
    const fn = await startVariant('send-quote-email', {
      FUNCTIONS_DATABASE_URL: `postgres://authenticator:${LOCAL_PASSWORDS.authenticator}@127.0.0.1:9/app`,
      BUSINESS_PHONE: '(530) 555-0123',
    })
    // As the site sends it: its random key, then a hash of the visitor's fields.
    const siteKey = 'site-key-5b1e9c0d7a2f'
    const result = await invoke(
      'send-quote-email',
      { firstName: 'Deirdre', email: 'deirdre@example.com', phone: '916-555-0160' },
      { 'Idempotency-Key': `${siteKey}.0123456789abcdef` },
      fn.url,
    )
    expect(result).toMatchObject({
      status: 500,
      json: { success: false, error: 'We could not save your request. Please call us at (530) 555-0123.' },
    })
    const log = await waitFor(() => fn.output().includes('LEAD NOT SAVED') && fn.output())
    expect(log).toMatch(new RegExp(`LEAD NOT SAVED .*: idempotency key ${siteKey}, at `))
    for (const detail of ['Deirdre', 'deirdre@example.com', '916-555-0160', '9165550160', '0123456789abcdef'])
      expect(log).not.toContain(detail)
    expect(log).not.toContain(LOCAL_PASSWORDS.authenticator)
  })
})

describe('fetch-reviews (Deno, real Postgres 15, local stub of the Google Places API)', () => {
  it('without Google settings: the stored published reviews, in the Review shape, as the embedded backend serves them', async () => {
    const result = await invoke('fetch-reviews', undefined)
    expect(result.status).toBe(200)
    const { reviews } = result.json as { reviews: Record<string, unknown>[] }
    const dir = mkdtempSync(join(tmpdir(), 'supabase-reviews-'))
    const embedded = createEmbeddedBackend({ config: parseRuntimeConfig({}), dataDir: dir })
    try {
      const expected = await embedded.reviews()
      const strip = (list: Record<string, unknown>[]) => list.map(({ id: _id, ...rest }) => rest)
      expect(strip(reviews)).toEqual(strip(expected as unknown as Record<string, unknown>[]))
      for (const r of reviews) expect(Object.keys(r).sort()).toEqual(['author', 'date', 'id', 'rating', 'text'])
    } finally {
      await embedded.close()
      rmSync(dir, { recursive: true, force: true })
    }
    expect(places.calls).toHaveLength(0)
  })

  it('with Google settings: fetches, normalises and caches the reviews; serves the cache while fresh', async () => {
    const fn = await startVariant('fetch-reviews', {
      GOOGLE_PLACES_API_KEY: SECRETS.GOOGLE_PLACES_API_KEY,
      GOOGLE_PLACE_ID: SECRETS.GOOGLE_PLACE_ID,
      GOOGLE_PLACES_API_BASE: places.url,
    })
    places.calls.length = 0
    places.reply = {
      status: 200,
      body: {
        reviews: [
          placesReview(1),
          placesReview(2, { rating: 4, authorAttribution: { displayName: 'No Photo' } }),
          placesReview(3, { text: undefined, originalText: undefined }), // rating only: not shown
          placesReview(4, { rating: 9 }), // invalid
        ],
      },
    }
    const first = await invoke('fetch-reviews', undefined, {}, fn.url)
    expect(first.status).toBe(200)
    const body = first.json as { reviews: Record<string, unknown>[]; source: string }
    expect(body.source, fn.output()).toBe('google')
    expect(body.reviews).toEqual(
      [
        {
          id: expect.any(String),
          author: 'Reviewer 1',
          avatar: 'https://lh3.googleusercontent.com/a/photo-1',
          rating: 5,
          text: 'Google review number 1: great job on the driveway.',
          date: '2026-02-11',
        },
        {
          id: expect.any(String),
          author: 'No Photo',
          rating: 4,
          text: 'Google review number 2: great job on the driveway.',
          date: '2026-03-12',
        },
      ].sort((a, b) => (a.date < b.date ? 1 : -1)),
    )
    expect(places.calls).toHaveLength(1)
    const call = places.calls[0]!
    expect(call.path).toBe(`/v1/places/${SECRETS.GOOGLE_PLACE_ID}?languageCode=en`)
    expect(call.headers['x-goog-api-key']).toBe(SECRETS.GOOGLE_PLACES_API_KEY)
    expect(call.headers['x-goog-fieldmask']).toBe('reviews')
    expect(call.path).not.toContain(SECRETS.GOOGLE_PLACES_API_KEY)
    expect(queryJson(local.cluster, `SELECT count(*)::int AS n FROM public.reviews WHERE source = 'google'`)).toEqual([
      { n: 2 },
    ])

    // Fresh cache: no second call to Google.
    const second = await invoke('fetch-reviews', undefined, {}, fn.url)
    expect((second.json as { reviews: unknown[] }).reviews).toEqual(body.reviews)
    expect(places.calls).toHaveLength(1)
  })

  it('when Google fails, the cached reviews are served; an owner-unpublished review stays hidden after a refresh', async () => {
    const fn = await startVariant('fetch-reviews', {
      GOOGLE_PLACES_API_KEY: SECRETS.GOOGLE_PLACES_API_KEY,
      GOOGLE_PLACE_ID: SECRETS.GOOGLE_PLACE_ID,
      GOOGLE_PLACES_API_BASE: places.url,
      REVIEWS_CACHE_MINUTES: '0',
    })
    psqlOk(
      local.cluster,
      `UPDATE public.reviews SET published = false WHERE source = 'google' AND author = 'No Photo';`,
    )
    places.reply = {
      status: 200,
      body: {
        reviews: [
          placesReview(1),
          placesReview(2, { rating: 4, authorAttribution: { displayName: 'No Photo' } }),
          placesReview(5),
        ],
      },
    }
    const refreshed = (await invoke('fetch-reviews', undefined, {}, fn.url)).json as { reviews: { author: string }[] }
    expect(refreshed.reviews.map((r) => r.author).sort()).toEqual(['Reviewer 1', 'Reviewer 5'])

    places.reply = { status: 500, body: { error: { code: 500, message: 'stub failure' } } }
    const calls = places.calls.length
    const cached = await invoke('fetch-reviews', undefined, {}, fn.url)
    expect(cached.status).toBe(200)
    expect(places.calls.length).toBe(calls + 1)
    expect((cached.json as { reviews: { author: string }[] }).reviews.map((r) => r.author).sort()).toEqual([
      'Reviewer 1',
      'Reviewer 5',
    ])
    expect(fn.output()).toMatch(/Google reviews could not be refreshed/)
  })
})

describe('ai-assistant (Deno): the same grounded engine as the embedded adapter', () => {
  const questions = [
    'What are your hours?',
    'Do you serve Folsom?',
    'How much does driveway cleaning cost?',
    'Can you clean my roof?',
    'What is your phone number?',
    'Do you work in Reno?',
  ]

  it("answers grounded questions exactly as the site's engine does", async () => {
    for (const message of questions) {
      const result = await invoke('ai-assistant', { message })
      expect(result.status, message).toBe(200)
      expect(result.json, message).toEqual({ response: answerGrounded(message) })
    }
    const hours = (await invoke('ai-assistant', { message: 'When are you open?' })).json as { response: string }
    expect(hours.response).toContain(site.hours.label)
    const phone = (await invoke('ai-assistant', { message: 'what number can I call' })).json as { response: string }
    expect(phone.response).toContain(site.phone)
  })

  it('with ASSISTANT_LLM_URL/KEY (local stub of an OpenAI-compatible API): the LLM answers, given the site facts; on failure the grounded answer', async () => {
    const fn = await startVariant('ai-assistant', {
      ASSISTANT_LLM_URL: `${llm.url}/v1`,
      ASSISTANT_LLM_KEY: SECRETS.ASSISTANT_LLM_KEY,
      ASSISTANT_LLM_MODEL: 'local-test-model',
    })
    llm.reply = {
      status: 200,
      body: { choices: [{ message: { role: 'assistant', content: 'We are open 7:00 AM – 7:00 PM every day.' } }] },
    }
    const answered = await invoke('ai-assistant', { message: 'When are you open?' }, {}, fn.url)
    expect(answered).toMatchObject({ status: 200, json: { response: 'We are open 7:00 AM – 7:00 PM every day.' } })
    const call = llm.calls.at(-1)!
    expect(call.path).toBe('/v1/chat/completions')
    expect(call.headers.authorization).toBe(`Bearer ${SECRETS.ASSISTANT_LLM_KEY}`)
    const sent = call.body as { model: string; messages: { role: string; content: string }[] }
    expect(sent.model).toBe('local-test-model')
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'When are you open?' })
    expect(sent.messages[0]!.content).toContain(site.phone)

    llm.reply = { status: 500, body: { error: { message: 'stub failure' } } }
    const fallback = await invoke('ai-assistant', { message: 'Do you serve Folsom?' }, {}, fn.url)
    expect(fallback).toMatchObject({ status: 200, json: { response: answerGrounded('Do you serve Folsom?') } })
  })

  it('rejects an empty or too long message with 400', async () => {
    expect(await invoke('ai-assistant', { message: '   ' })).toMatchObject({
      status: 400,
      json: { error: 'Please type a message.' },
    })
    expect(await invoke('ai-assistant', {})).toMatchObject({ status: 400, json: { error: 'Please type a message.' } })
    expect(await invoke('ai-assistant', { message: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      json: { error: 'Messages can be at most 500 characters.' },
    })
  })
})

describe('secrets', () => {
  it('no secret appears in any response or any function log line', () => {
    const secrets = [
      ...Object.values(SECRETS).filter((s) => s !== SECRETS.GOOGLE_PLACE_ID),
      local.keys.service,
      LOCAL_PASSWORDS.authenticator,
      LOCAL_PASSWORDS.postgres,
    ]
    const logs = [...Object.values(local.functions), ...extra].map((f) => f.output())
    expect(responses.length).toBeGreaterThan(20)
    expect(logs.join('').length).toBeGreaterThan(0)
    for (const secret of secrets) {
      for (const text of [...responses, ...logs])
        expect(text.includes(secret), `leaked ${secret.slice(0, 6)}…`).toBe(false)
    }
  })
})
