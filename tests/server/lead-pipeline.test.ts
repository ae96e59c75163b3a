/**
 * The lead pipeline end to end, with real parts: the quote service, the database, the outbox worker and
 * nodemailer talking to a real in-process SMTP server.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { site as business } from '../../app/content/site'
import { LEAD_FIELD_MESSAGES, leadRequestSchema } from '../../app/features/leads/lead-schema'
import { Kysely, PostgresDialect } from 'kysely'
import { createOutboxWorker, defaultBackoffMs } from '../../app/platform/outbox/worker.server'
import { envelope, notificationAddresses } from '../../app/platform/transport/mail.server'
import { ownerNotification } from '../../app/features/leads/lead-email.server'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import type { DB, Tables } from '../../app/platform/db/schema.gen'
import { createFormTokens } from '../../app/features/leads/tokens.server'
import { outsideServiceArea } from '../../app/features/leads/lead-fields.server'
import { handleLeadFormPost } from '../../app/features/leads/lead-form-post.server'
import { refusedServerFn } from '../../app/platform/http/server-fn-body.server'
import type { TestSite } from '../support/test-site'
import { captureLog } from '../support/log-capture'
import {
  chunked,
  FORM_TOKEN_SECRET,
  freePort,
  formPost,
  freshDatabaseUrl,
  leadForm,
  leadService,
  migratedSiteData,
  NOTIFY_ADDRESS,
  outboxDrained,
  postLead,
  rowsOf,
  storeTestLead,
  type TestSmtp,
  useMailingSites,
  useSmtp,
  useTempDirs,
} from './helpers'

const OWNER = NOTIFY_ADDRESS
// These count the owner's e-mails; the customer's acknowledgement has its own (follow-through.test.ts).
const NO_ACK = { CUSTOMER_ACKNOWLEDGEMENT: 'off' }
const meta = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' }
const formTokens = createFormTokens(FORM_TOKEN_SECRET)
const tempDir = useTempDirs()
// After-each steps run last registered first: the sites (their workers hold pooled SMTP connections) close
// before the SMTP servers.
const smtp = useSmtp()
const mailingSite = useMailingSites()
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/** A site as useMailingSites() opens one, e-mailing where `env` says (a server down, or one for a restart). */
const siteWith = async (env: Record<string, string>, options: Parameters<typeof mailingSite>[1] = {}) =>
  (await mailingSite(env, options)).site

/** A site e-mailing a real SMTP server, and a service whose fill-time clock (`clock.now`) the test moves. */
async function clockedSite(start: number) {
  const { site, smtp: mail } = await mailingSite()
  const clock = { now: start }
  const tokens = createFormTokens(FORM_TOKEN_SECRET, () => clock.now)
  return { mail, site, clock, tokens, svc: leadService({ minFillMs: 2500, now: () => clock.now }) }
}

/** A site whose database never answers, every query failing with `message`. */
function unreachable(message: string) {
  const pool = () => Promise.reject(new Error(message))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return { db, config: parseRuntimeConfig({}), now: () => new Date() }
}

const count = async (site: TestSite, sql: string) => (await rowsOf(site, sql)).length

// Each test creates a fresh database (PGlite's initdb takes a few seconds), so allow for slow machines.
describe('lead pipeline (database + outbox + real SMTP server)', { timeout: 90_000 }, () => {
  it('stores a lead, acknowledges it, and e-mails the owner', async () => {
    const { site, smtp: mail } = await mailingSite()
    const res = await postLead(site, leadForm({ firstName: '  Maria ' }), meta)
    expect(res).toEqual({ status: 200, body: { success: true, photoToken: expect.any(String) } })

    const rows = await rowsOf(site, 'SELECT * FROM leads')
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(row).toMatchObject({
      first_name: 'Maria',
      email: 'maria.g@example.com',
      phone: '(916) 555-0199',
      status: 'new',
      source_page: '/services?tab=driveway',
      user_agent: 'Mozilla/5.0 (test)',
      spam_reason: null,
    })
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7')
    expect(await count(site, 'SELECT * FROM outbox WHERE sent_at IS NULL')).toBe(1)

    const worker = site.outbox
    expect(worker.transportKind).toBe('smtp')
    expect(await worker.drain()).toEqual({ claimed: 1, sent: 1, failed: 0 })
    expect(await count(site, 'SELECT * FROM outbox WHERE sent_at IS NOT NULL AND last_error IS NULL')).toBe(1)

    expect(mail.received).toHaveLength(1)
    const { mail: m, rcptTo } = mail.received[0]!
    expect(rcptTo).toEqual([OWNER])
    expect(m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : []).toEqual([OWNER])
    expect(m.replyTo?.value).toEqual([{ address: 'maria.g@example.com', name: '' }])
    expect(m.from?.value[0]?.address).toBe('no-reply@deltabreeze.example')
    expect(m.subject).toBe('New quote request from Maria')
    expect(m.text).toContain(
      'Name:     Maria\nEmail:    maria.g@example.com\nPhone:    (916) 555-0199\nPage:     /services?tab=driveway\n',
    )
    expect(m.text).toContain(`Reference: ${String(row.id)}`)
    expect(m.text).toMatch(/Received: .*20\d\d.*\(Pacific time\)/)
    expect(m.text).not.toMatch(/Address:|Map:|Best time:/)
    expect(m.headers.get('x-quote-request-id')).toBe(row.id)
    // Visitor input appears in no header other than Subject and Reply-To.
    for (const line of m.headerLines)
      if (line.key !== 'subject' && line.key !== 'reply-to')
        expect(line.line).not.toMatch(/Maria|maria\.g@example\.com|555-0199/)
  })

  // A header injection is refused at the schema: quote-schema.test.ts ("control characters", "email pattern").
  it('neutralises a header injection that reaches the e-mail without the schema', async () => {
    const { site, smtp: mail } = await mailingSite()
    // Defence in depth: a lead stored past the form's schema, as a script or another caller might.
    await storeTestLead(site, 'Bob\r\nBcc: evil@y.example\r\nX-Evil: 1', {
      email: 'bob@example.com\r\nBcc: evil2@y.example',
      phone: '916\n555\n0100',
    })
    expect(await site.outbox.drain()).toMatchObject({ sent: 1, failed: 0 })
    const { mail: m, rcptTo } = mail.received[0]!
    expect(rcptTo).toEqual([OWNER])
    expect(m.bcc).toBeUndefined()
    expect(m.headers.has('x-evil')).toBe(false)
    expect(m.replyTo).toBeUndefined() // an invalid address is never used as Reply-To
    expect(m.subject).toBe('New quote request from Bob Bcc: evil@y.example X-Evil: 1')
    expect(m.text).toContain('Phone:    916 555 0100')
  })

  it('a name written as MIME encoded words reaches the subject as plain text: no line break, Bcc or bidi override', async () => {
    const { site, smtp: mail } = await mailingSite()
    for (const firstName of ['=?utf-8?q?=0D=0ABcc:_x@y.example?=', '=?utf-8?q?=E2=80=AE?=Ana']) {
      expect((await postLead(site, leadForm({ firstName }), meta)).status).toBe(200)
    }
    expect(await site.outbox.drain()).toMatchObject({ sent: 2, failed: 0 })
    // mailparser decodes encoded words as a mail client does.
    const subjects = mail.received.map(({ mail: m }) => m.subject).sort()
    expect(subjects).toEqual(['New quote request from Ana', 'New quote request from Bcc: x@y.example'])
    for (const { mail: m, rcptTo } of mail.received) {
      expect(m.bcc).toBeUndefined()
      expect(rcptTo).toEqual([OWNER])
    }
  })

  it('SMTP down: the lead is stored and acknowledged, and e-mailed once the SMTP server is up', async () => {
    const port = await freePort()
    const site = await siteWith({ SMTP_URL: `smtp://127.0.0.1:${port}` })
    const res = await postLead(site, leadForm({ firstName: 'Jason' }), meta)
    expect(res.status).toBe(200)
    expect(await count(site, "SELECT * FROM leads WHERE status = 'new'")).toBe(1)

    const worker = site.outbox
    expect(await worker.runOnce()).toEqual({ claimed: 1, sent: 0, failed: 1 })
    const pending = await rowsOf(site, 'SELECT attempts, last_error, sent_at FROM outbox')
    expect(pending).toEqual([
      { attempts: 1, sent_at: null, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) },
    ])

    const mail = await smtp({ port })
    expect(await worker.drain()).toEqual({ claimed: 1, sent: 1, failed: 0 })
    expect(mail.received).toHaveLength(1)
    expect(mail.received[0]?.mail.subject).toBe('New quote request from Jason')
    expect(await rowsOf(site, 'SELECT attempts, last_error FROM outbox')).toEqual([{ attempts: 2, last_error: null }])
    expect(await worker.drain()).toEqual({ claimed: 0, sent: 0, failed: 0 })
  })

  it('SMTP down across a restart: a new process (same DATA_DIR) sends the pending e-mail exactly once', async () => {
    const port = await freePort()
    const where = await migratedSiteData(await tempDir())
    const first = await siteWith({ SMTP_URL: `smtp://127.0.0.1:${port}` }, where)
    expect((await postLead(first, leadForm({ firstName: 'Priya' }), meta)).status).toBe(200)
    expect(await first.outbox.runOnce()).toMatchObject({ failed: 1 })
    await first.close()

    const mail = await smtp({ port })
    const second = await siteWith(
      { SMTP_URL: mail.url },
      { ...where, startWorker: true, outbox: { pollIntervalMs: 100 } },
    )
    await second.db.ready()
    // The restarted worker's own loop picks it up.
    await expect.poll(() => mail.received.length, { timeout: 15_000, interval: 50 }).toBe(1)
    expect(mail.received[0]?.mail.subject).toBe('New quote request from Priya')
    // The mailbox has the e-mail a moment before the worker has marked it sent: once nothing is left unsent,
    // a second e-mail would have come.
    await outboxDrained(second)
    expect(mail.received).toHaveLength(1)
  })

  it('the same idempotency key (a retry) gives one row and one e-mail; a changed form with a reused key is a new lead', async () => {
    const { site, smtp: mail } = await mailingSite()
    const payload = leadForm()
    const results = await Promise.all([
      postLead(site, payload, meta),
      postLead(site, payload, meta),
      postLead(site, { ...payload, formToken: formTokens.issue(Date.now() - 12_000) }, meta),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect((await postLead(site, payload, meta)).body).toEqual({ success: true, photoToken: expect.any(String) })
    expect(await count(site, 'SELECT * FROM leads')).toBe(1)
    expect(await count(site, 'SELECT * FROM outbox')).toBe(1)

    expect((await postLead(site, { ...payload, phone: '916-555-0111' }, meta)).status).toBe(200)
    expect(await count(site, 'SELECT * FROM leads')).toBe(2)
    // A corrected address is a changed form too: the owner gets it rather than a "duplicate" of the old one.
    const placed = { ...payload, street: '12 Oak St', zip: '95630' }
    expect((await postLead(site, placed, meta)).status).toBe(200)
    expect((await postLead(site, { ...placed, zip: '95662' }, meta)).status).toBe(200)
    expect((await postLead(site, placed, meta)).status).toBe(200)
    expect(await count(site, 'SELECT * FROM leads')).toBe(4)

    await site.outbox.drain()
    expect(mail.received).toHaveLength(4)
    expect((await postLead(site, payload, meta)).status).toBe(200)
    await site.outbox.drain()
    expect(mail.received).toHaveLength(4)
  })

  it("the service address, the preferred time and an outside-the-usual-area ZIP reach the owner's e-mail", async () => {
    const { site, smtp: mail } = await mailingSite()
    const away = { firstName: 'Rosa', street: ' 4821 Elm Ridge Way ', zip: '95814', preferredTime: 'morning' }
    expect((await postLead(site, leadForm(away), meta)).status).toBe(200)
    // Folsom's ZIP+4: one of the cities we serve, so no flag.
    const near = { firstName: 'Fern', street: '', zip: '95630-1234', preferredTime: 'flexible' }
    expect((await postLead(site, leadForm(near), meta)).status).toBe(200)
    expect((await postLead(site, leadForm({ firstName: 'Plain' }), meta)).status).toBe(200)

    const stored = await rowsOf(
      site,
      'SELECT first_name, service_street, service_zip, preferred_time, outside_area FROM leads ORDER BY first_name',
    )
    expect(stored.map(Object.values)).toEqual([
      ['Fern', null, '95630-1234', 'flexible', false],
      ['Plain', null, null, null, null],
      ['Rosa', '4821 Elm Ridge Way', '95814', 'morning', true],
    ])

    expect(await site.outbox.drain()).toMatchObject({ sent: 3, failed: 0 })
    const text = (name: string) => mail.received.find(({ mail: m }) => m.subject?.endsWith(name))?.mail.text ?? ''
    for (const line of [
      'Address:  4821 Elm Ridge Way, 95814\n',
      'Area:     Outside the usual area',
      'Map:      https://www.google.com/maps/search/?api=1&query=4821%20Elm%20Ridge%20Way%2C%2095814\n',
      'Best time: Morning\n',
    ])
      expect(text('Rosa')).toContain(line)
    expect(text('Fern')).toContain('Address:  95630-1234\n')
    expect(text('Fern')).toContain('Best time: Flexible\n')
    expect(text('Fern')).not.toContain('Outside the usual area')
    // Nothing given, nothing extra: the e-mail is as it was before addresses.
    expect(text('Plain')).toContain('Phone:    (916) 555-0199\nPage:     /services?tab=driveway\n')
    expect(text('Plain')).not.toMatch(/Address:|Area:|Map:|Best time:/)
    // The street is body text only: never in a header.
    for (const { mail: m } of mail.received) {
      for (const line of m.headerLines) expect(line.line).not.toMatch(/Elm Ridge|95814/)
    }
  })

  it('honeypot and too-fast submissions are stored flagged, not e-mailed, and the visitor sees success', async () => {
    const { mail, site, clock, tokens, svc } = await clockedSite(5_000_000)
    const honeypot = await postLead(site, leadForm({ company: 'Acme SEO Ltd' }), meta, svc)
    const fast = await postLead(site, leadForm({ formToken: tokens.issue(clock.now - 900) }), meta, svc)
    for (const r of [honeypot, fast]) expect(r).toEqual({ status: 200, body: { success: true } })

    expect(await rowsOf(site, 'SELECT status, spam_reason FROM leads ORDER BY created_at')).toEqual([
      { status: 'suspected_spam', spam_reason: 'honeypot' },
      { status: 'suspected_spam', spam_reason: 'too-fast:900ms' },
    ])
    expect(await count(site, 'SELECT * FROM outbox')).toBe(0)

    // Exactly at the threshold is a normal lead, and so is a form left open a long time.
    expect((await postLead(site, leadForm({ formToken: tokens.issue(clock.now - 2500) }), meta, svc)).status).toBe(200)
    const token = tokens.issue()
    clock.now += 3 * 24 * 3600_000
    expect((await postLead(site, leadForm({ formToken: token }), meta, svc)).status).toBe(200)
    expect(await count(site, "SELECT * FROM leads WHERE status = 'new'")).toBe(2)
    await site.outbox.drain()
    expect(mail.received).toHaveLength(2)
  })

  it('the fill time is measured by the server: a client-sent time is ignored, a missing or forged token is flagged', async () => {
    const { mail, site, clock, tokens, svc } = await clockedSite(9_000_000)
    const now = clock.now
    const fresh = tokens.issue()
    const [issued = '', nonce = '', mac = ''] = fresh.split('.')
    const submissions = [
      leadForm({ firstName: 'Claims', formToken: fresh, elapsedMs: 60_000 }),
      leadForm({ firstName: 'Missing', formToken: undefined, elapsedMs: 60_000 }),
      leadForm({ firstName: 'Other', formToken: createFormTokens('another-secret').issue(now - 60_000) }),
      leadForm({ firstName: 'Backdated', formToken: `${(now - 60_000).toString(36)}.${nonce}.${mac}` }),
      leadForm({ firstName: 'Future', formToken: createFormTokens(FORM_TOKEN_SECRET, () => now + 3600_000).issue() }),
      leadForm({ firstName: 'Garbage', formToken: 'not a token' }),
    ]
    expect(issued).toMatch(/^[0-9a-z]+$/)
    for (const submission of submissions) {
      expect(await postLead(site, submission, meta, svc)).toEqual({ status: 200, body: { success: true } })
    }
    const rows = await rowsOf(site, 'SELECT first_name, status, spam_reason FROM leads ORDER BY created_at')
    expect(rows).toEqual([
      { first_name: 'Claims', status: 'suspected_spam', spam_reason: 'too-fast:0ms' },
      { first_name: 'Missing', status: 'suspected_spam', spam_reason: 'no-token' },
      { first_name: 'Other', status: 'suspected_spam', spam_reason: 'bad-token' },
      { first_name: 'Backdated', status: 'suspected_spam', spam_reason: 'bad-token' },
      { first_name: 'Future', status: 'suspected_spam', spam_reason: 'bad-token' },
      { first_name: 'Garbage', status: 'suspected_spam', spam_reason: 'bad-token' },
    ])

    // The same token once the visitor really took their time: a normal lead, e-mailed.
    clock.now += 4000
    expect(await postLead(site, leadForm({ firstName: 'Patient', formToken: fresh }), meta, svc)).toEqual({
      status: 200,
      body: { success: true, photoToken: expect.any(String) },
    })
    await site.outbox.drain()
    expect(mail.received.map((m) => m.mail.subject)).toEqual(['New quote request from Patient'])
  })

  it('rate limit: 429 after the limit per IP, counted in the database, with the business phone number', async () => {
    const site = await siteWith({})
    const svc = leadService({ rateLimit: 5, rateWindowMs: 10 * 60_000 })
    for (let i = 0; i < 5; i++) expect((await postLead(site, leadForm(), meta, svc)).status).toBe(200)
    const limited = await postLead(site, leadForm(), meta, svc)
    expect(limited).toEqual({
      status: 429,
      body: {
        success: false,
        reason: 'rate-limited',
        error: `Too many quote requests. Please wait a few minutes or call us at ${business.phone}.`,
      },
      // Sent as Retry-After: until the oldest of the five leaves the ten-minute window.
      retryAfterSeconds: expect.any(Number),
    })
    expect(limited.retryAfterSeconds).toBeGreaterThan(590)
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(600)
    expect(business.phone).toBe('(916) 555-0142')
    expect(await count(site, 'SELECT * FROM leads')).toBe(5)
    // The address is kept hashed only.
    const hits = await rowsOf<{ key: string }>(site, `SELECT DISTINCT key FROM rate_limit_hits WHERE bucket = 'quote'`)
    expect(hits).toEqual([{ key: expect.stringMatching(/^[0-9a-f]{64}$/) }])
    // Other visitors are not affected; the window slides: ten minutes on, the hits have left it.
    expect((await postLead(site, leadForm(), { ...meta, ip: '198.51.100.1' }, svc)).status).toBe(200)
    await rowsOf(site, `UPDATE rate_limit_hits SET hit_at = hit_at - interval '10 minutes' WHERE bucket = 'quote'`)
    expect((await postLead(site, leadForm(), meta, svc)).status).toBe(200)
    // An unknown IP is never rate limited (so a proxy misconfiguration cannot block every visitor).
    for (let i = 0; i < 7; i++)
      expect((await postLead(site, leadForm(), { ip: '', userAgent: '' }, svc)).status).toBe(200)
  })

  it('rate limit: a refused post counts as a hit too, and a limited lead stores nothing', async () => {
    const site = await siteWith({})
    const svc = leadService({ rateLimit: 3, rateWindowMs: 10 * 60_000 })
    expect((await postLead(site, { firstName: '' }, meta, svc)).status).toBe(400)
    expect((await postLead(site, leadForm(), meta, svc)).status).toBe(200)
    expect((await postLead(site, leadForm(), meta, svc)).status).toBe(200)
    expect((await postLead(site, leadForm(), meta, svc)).status).toBe(429)
    expect((await postLead(site, { firstName: '' }, meta, svc)).status).toBe(429)
    expect(await count(site, 'SELECT * FROM leads')).toBe(2)
  })

  it.skipIf(!onPostgres)('on PostgreSQL only: two instances on one database share one rate limit', async () => {
    const databaseUrl = await freshDatabaseUrl()
    const instances = [await siteWith({}, { databaseUrl }), await siteWith({}, { databaseUrl })]
    const svc = leadService({ rateLimit: 5, rateWindowMs: 10 * 60_000 })
    for (let i = 0; i < 5; i++) expect((await postLead(instances[i % 2]!, leadForm(), meta, svc)).status).toBe(200)
    for (const instance of instances) expect((await postLead(instance, leadForm(), meta, svc)).status).toBe(429)
    expect(await count(instances[0]!, 'SELECT * FROM leads')).toBe(5)
  })

  // Each field's rules and messages: quote-schema.test.ts. Here, what the service answers with the first issue.
  it('bad input gets 400 with the first issue, beside its field when it has one, and stores nothing', async () => {
    const site = await siteWith({})
    const cases: Array<[unknown, string | RegExp, string?]> = [
      [undefined, 'Invalid form data'],
      [null, 'Invalid form data'],
      ['a string', 'Invalid form data'],
      [42, 'Invalid form data'],
      [[leadForm()], /./],
      [{}, 'First name is required', 'firstName'],
      [leadForm({ email: 'maria@' }), 'Invalid email address', 'email'],
      [leadForm({ street: 'Elm\r\nBcc: x@y.example' }), LEAD_FIELD_MESSAGES.streetInvalidChars, 'street'],
      [leadForm({ zip: '9563' }), LEAD_FIELD_MESSAGES.zipInvalid, 'zip'],
      [leadForm({ preferredTime: 'night' }), LEAD_FIELD_MESSAGES.preferredTimeInvalid, 'preferredTime'],
      [leadForm({ idempotencyKey: undefined }), /submission key/],
      [leadForm({ formToken: 42 }), 'Invalid form data'],
      [leadForm({ junk: 'x'.repeat(1_000_000) }), 'The request is too large.'],
      [leadForm({ nested: Array.from({ length: 5000 }, (_, i) => ({ i })) }), 'The request is too large.'],
    ]
    for (const [input, message, field] of cases) {
      const res = await postLead(site, input, meta)
      expect(res.status, JSON.stringify(input)?.slice(0, 80)).toBe(400)
      const error = typeof message === 'string' ? message : expect.stringMatching(message)
      expect(res.body).toMatchObject({ success: false, reason: 'invalid', error, ...(field ? { field } : {}) })
    }
    expect(await count(site, 'SELECT * FROM leads')).toBe(0)
    expect(await count(site, 'SELECT * FROM outbox')).toBe(0)
  })

  it('a post over 16 KB is refused 413 and one of no declared length 411 before it is read, with scripts or without', async () => {
    // A call of submitLead meets the guard start.ts puts in front of every server function, before Start reads it.
    const asStartsClient = { 'x-tsr-serverfn': 'true' }
    const call = formPost('http://localhost/_serverFn/submitLead', { notes: 'x'.repeat(40_000) }, asStartsClient)
    const answers = [await refusedServerFn(call), await refusedServerFn(chunked(call))]
    expect(await Promise.all(answers.map(async (answer) => [answer?.status, await answer?.json()]))).toEqual([
      [413, { success: false, error: 'Request too large' }],
      [411, { success: false, error: 'Content-Length required' }],
    ])
    const site = unreachable('never asked')
    const post = chunked(formPost('http://localhost/quote-request', { firstName: 'Maria' }))
    const page = (await handleLeadFormPost(site.db, post, meta.ip, site.config, site.now())) as Response
    expect([page.status, await page.text()]).toEqual([411, 'Content-Length required'])
  })

  it("a forged visit source never refuses a lead: it is stored with what survives the source's checks", async () => {
    const site = await siteWith({})
    const forged: [string, unknown][] = [
      // Over the service's 10,000-character payload limit, all of it in the source.
      ['10 KB tag', { tags: { utm_source: 'google', utm_campaign: 'x'.repeat(10_240) }, landingPath: '/' }],
      ['CRLF in tags', JSON.stringify({ tags: { utm_source: 'a\r\nBcc: x@y.example', gclid: 'TeSt123' } })],
      ['a channel of its own', { tags: {}, channel: 'paid_search', referrerHost: 'www.example.org' }],
      ['JSON text over the limit', JSON.stringify({ tags: { gclid: 'g' }, pad: 'x'.repeat(9_000) })],
      ['not an object', '[1,2,3]'],
    ]
    for (const [label, visitSource] of forged) {
      const res = await postLead(site, leadForm({ firstName: label.replace(/\W/g, ''), visitSource }), meta)
      expect(res.status, label).toBe(200)
    }
    const rows = await rowsOf<{ first_name: string }>(
      site,
      'SELECT first_name, source_channel, source_tags, landing_path, referrer_host FROM leads',
    )
    // [channel, tags, landing path, referrer host]
    expect(Object.fromEntries(rows.map(({ first_name, ...source }) => [first_name, Object.values(source)]))).toEqual({
      '10KBtag': ['campaign', { utm_source: 'google', utm_campaign: 'x'.repeat(100) }, '/', null],
      CRLFintags: ['paid_search', { gclid: 'TeSt123' }, null, null],
      achannelofitsown: ['referral', null, null, 'www.example.org'],
      JSONtextoverthelimit: ['direct', null, null, null],
      notanobject: ['direct', null, null, null],
    })
  })

  it('database failure: 503 with the call-us message, nothing acknowledged', async () => {
    const unsaved = async () => leadService({ unsavedLeadsDir: await tempDir() })
    expect(await postLead(unreachable('connection refused'), leadForm(), meta, await unsaved())).toEqual({
      status: 503,
      body: {
        success: false,
        reason: 'call-failed',
        error: `We could not save your request. Please call us at ${business.phone}.`,
      },
    })

    // The salt cannot be read (its table gone), though the lead could be stored: nothing is.
    const site = await siteWith({})
    await rowsOf(site.db, 'ALTER TABLE app_settings RENAME TO app_settings_gone')
    expect((await postLead(site, leadForm(), meta, await unsaved())).status).toBe(503)
    expect(await count(site, 'SELECT * FROM leads')).toBe(0)
    // A real site whose database cannot be used (closed) also maps to 503.
    await site.close()
    expect((await postLead(site, leadForm(), meta, await unsaved())).status).toBe(503)
  })

  // The recovery file itself (0600, the lead in it, named by the log line): e2e/operations.spec.ts, "an unsaved lead
  // goes to an owner-only file". Here the case it cannot reach: a database error that quotes the visitor.
  it('a lead lost with no recovery file is one fatal line, without the visitor details the error quoted', async () => {
    const failing = unreachable('connection refused for maria.g@example.com')
    const blocked = join(await tempDir(), 'a-file')
    await writeFile(blocked, '')
    const lost = captureLog()
    await postLead(failing, leadForm(), meta, leadService({ unsavedLeadsDir: join(blocked, 'unsaved-leads') })).finally(
      lost.restore,
    )
    expect(lost.records()).toEqual([
      expect.objectContaining({ level: 'fatal', msg: expect.stringMatching(/^lead not saved and no recovery file/) }),
    ])
    for (const detail of ['Maria', 'maria.g@example.com', '555-0199']) expect(lost.text()).not.toContain(detail)
  })

  it('property: random payloads never give a 5xx nor a stored row that fails the schema', async () => {
    const site = await siteWith({})
    // Mostly-valid fields, each sometimes replaced by junk, so many payloads pass and get stored.
    const mostly = <T>(good: fc.Arbitrary<T>, ...bad: fc.Arbitrary<unknown>[]) =>
      fc.oneof({ arbitrary: good, weight: 12 }, ...bad.map((arbitrary) => ({ arbitrary, weight: 1 })))
    const fields = {
      firstName: mostly(
        fc.oneof(
          fc.constantFrom('Maria', ' Bob ', 'José', "D'Angelo", '李'),
          fc.string({ minLength: 1, maxLength: 100 }),
        ),
        fc.string({ unit: 'binary' }),
        fc.string({ minLength: 101, maxLength: 300 }),
        fc.constant(''),
      ),
      email: mostly(
        fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-z0-9_+-]{1,20}@[a-z0-9]{1,20}\.[a-z]{2,6}$/)),
        fc.string(),
        fc.constant('a@b'),
      ),
      phone: mostly(
        fc.oneof(fc.stringMatching(/^\(?[0-9]{3}\)? ?[0-9]{3}-[0-9]{4}$/), fc.stringMatching(/^\+?[0-9 ().-]{7,20}$/)),
        fc.string(),
        fc.integer(),
      ),
      street: mostly(fc.oneof(fc.constant(''), fc.string({ maxLength: 200 })), fc.string({ minLength: 201 })),
      zip: mostly(fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9]{5}(-[0-9]{4})?$/)), fc.string()),
      preferredTime: mostly(fc.constantFrom('', 'morning', 'afternoon', 'flexible'), fc.string()),
      idempotencyKey: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), fc.string()),
      formToken: mostly(
        fc.integer({ min: 3000, max: 600_000 }).map((age) => formTokens.issue(Date.now() - age)),
        fc.string(),
        fc.constant(null),
        fc.double(),
      ),
      company: mostly(fc.constant(''), fc.string(), fc.string({ unit: 'binary', maxLength: 300 })),
      sourcePage: mostly(
        fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`.slice(0, 200)),
        fc.string(),
        fc.constant(null),
      ),
    }
    const nearValid = fc.oneof(fc.record(fields), fc.record(fields, { requiredKeys: [] }))
    let ok = 0
    const statuses = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), nearValid), async (payload) => {
        const res = await postLead(site, payload, meta)
        expect(res.status).toBeLessThan(500)
        expect([200, 400]).toContain(res.status)
        const reason = res.body.success ? '' : res.body.error
        if (res.status === 200) ok++
        else statuses.set(reason, (statuses.get(reason) ?? 0) + 1)
      }),
      { numRuns: 400 },
    )
    const rows = await rowsOf<Tables['leads']>(
      site,
      `SELECT first_name, email, phone, service_street, service_zip, preferred_time, outside_area, heard_about,
              service_id, price_size FROM leads`,
    )
    console.log(`[property] accepted=${ok} stored=${rows.length} rejected=${JSON.stringify([...statuses])}`)
    for (const row of rows) {
      // A stored NULL is the form's "not given" ('').
      const stored = {
        firstName: row.first_name,
        email: row.email,
        phone: row.phone,
        street: row.service_street ?? '',
        zip: row.service_zip ?? '',
        preferredTime: row.preferred_time ?? '',
        heardAbout: row.heard_about ?? '',
        service: row.service_id ?? '',
        size: row.price_size ?? '',
      }
      const parsed = v.safeParse(leadRequestSchema, stored)
      expect(parsed.success, JSON.stringify(row)).toBe(true)
      if (parsed.success) expect(parsed.output).toEqual(stored)
      expect(row.outside_area, JSON.stringify(row)).toBe(stored.zip ? outsideServiceArea(stored.zip) : null)
    }
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(ok)
  }, 120_000)

  it('burst: 200 leads (20 at a time, plus retries) with a flaky SMTP server — none lost, each e-mailed once', async () => {
    const mail = await smtp({ rejectEvery: 7 })
    const site = await siteWith(
      { SMTP_URL: mail.url },
      { startWorker: true, outbox: { pollIntervalMs: 200, backoffMs: () => 20 } },
    )
    await site.db.ready()
    const leads = Array.from({ length: 200 }, (_, i) =>
      leadForm({ firstName: `Lead${i}`, email: `lead${i}@example.com`, phone: `916-555-${String(1000 + i)}` }),
    )
    // Every 10th lead is also retried (same idempotency key), as a flaky network would.
    const submissions = [...leads, ...leads.filter((_, i) => i % 10 === 0)]
    const acknowledged = new Set<string>()
    let retriesAcknowledged = 0
    const started = Date.now()
    for (let i = 0; i < submissions.length; i += 20) {
      const batch = submissions.slice(i, i + 20)
      const results = await Promise.all(batch.map((p) => postLead(site, p, meta)))
      results.forEach((r, j) => {
        const name = String(batch[j]!.firstName)
        if (r.status !== 200) return
        if (acknowledged.has(name)) retriesAcknowledged++
        acknowledged.add(name)
      })
    }

    const ackMs = Date.now() - started
    await outboxDrained(site, 60_000)
    const stored = await rowsOf<{ id: string; first_name: string }>(site, 'SELECT id, first_name FROM leads')
    const storedNames = new Set(stored.map((r) => r.first_name))
    const emailsPerLead = new Map<string, number>()
    for (const { mail: m } of mail.received) {
      const id = String(m.headers.get('x-quote-request-id'))
      emailsPerLead.set(id, (emailsPerLead.get(id) ?? 0) + 1)
    }
    const emailed = [...emailsPerLead.values()].filter((n) => n >= 1).length
    const duplicates = [...emailsPerLead.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0)
    const lost =
      [...acknowledged].filter((name) => !storedNames.has(name)).length +
      stored.filter((r) => !emailsPerLead.has(r.id)).length
    const retried = await rowsOf<{ n: number }>(site, 'SELECT count(*)::int AS n FROM outbox WHERE attempts > 1')
    console.log(
      `[burst] submissions=${submissions.length} acknowledged=${acknowledged.size} (+${retriesAcknowledged} retries acknowledged) ` +
        `stored=${stored.length} emailed=${emailed} duplicates=${duplicates} lost=${lost} ` +
        `smtp-rejections-retried=${retried[0]?.n} ack-time=${ackMs}ms drain-time=${Date.now() - started - ackMs}ms`,
    )
    expect(acknowledged.size).toBe(200)
    expect(stored.length).toBe(acknowledged.size)
    expect(emailed).toBe(stored.length)
    expect(duplicates).toBe(0)
    expect(lost).toBe(0)
    expect(retried[0]?.n).toBeGreaterThan(0)
  }, 120_000)
})

describe('outbox after a crash (real database, real SMTP server)', { timeout: 90_000 }, () => {
  it("a worker that dies after the 250 but before the database update: its data folder's next process does not send it again, sends what it had claimed at once, and leaves another instance's claim to its lease", async () => {
    // The second message is never answered: the worker dies waiting, before its batch is marked sent.
    const mail = await smtp({ holdMessage: 2 })
    // Another instance, alive, its first message still on its way.
    const otherMail = await smtp({ holdMessage: 1 })
    const where = await migratedSiteData(await tempDir())
    const env = { SMTP_URL: mail.url }
    const first = await siteWith(env, where)
    const worker = (site: TestSite, dataDir: string, smtpUrl: string) =>
      createOutboxWorker({
        db: site.db,
        dataDir,
        files: site.files,
        config: parseRuntimeConfig({ QUOTE_NOTIFY_EMAIL: OWNER, ...NO_ACK, SMTP_URL: smtpUrl }),
      })
    const subjects = () => mail.received.map((m) => m.mail.subject).sort()
    // Its run ends only when the held connection is cut, after the test: a dead process says nothing.
    const dieWaiting = async (run: Promise<unknown>, held: TestSmtp) => {
      void run.catch(() => undefined)
      await expect.poll(() => held.held.length, { timeout: 15_000, interval: 20 }).toBe(1)
    }

    expect((await postLead(first, leadForm({ firstName: 'Elsewhere' }), meta)).status).toBe(200)
    const other = worker(first, await tempDir(), otherMail.url)
    await dieWaiting(other.runOnce(), otherMail)
    for (const firstName of ['Accepted', 'Claimed'])
      expect((await postLead(first, leadForm({ firstName }), meta)).status).toBe(200)
    const dead = worker(first, where.dataDir, mail.url)
    await dieWaiting(dead.runOnce(), mail)
    expect(subjects()).toEqual(['New quote request from Accepted'])
    expect(await count(first, 'SELECT * FROM outbox WHERE sent_at IS NOT NULL')).toBe(0)
    await first.close()

    // The data folder's next process: the same worker id, kept in the folder.
    const next = await siteWith(env, where)
    expect(await next.outbox.drain()).toMatchObject({ sent: 1 })
    expect(subjects()).toEqual(['New quote request from Accepted', 'New quote request from Claimed'])
    const waiting = await rowsOf<{ first_name: string; claimed: boolean }>(
      next,
      `SELECT q.first_name, o.claimed_by IS NOT NULL AS claimed FROM outbox o JOIN leads q
          ON q.id = o.lead_id WHERE o.sent_at IS NULL`,
    )
    expect(waiting).toEqual([{ first_name: 'Elsewhere', claimed: true }])
    // Once every lease has run out, the other instance's row is delivered, and nothing twice.
    await rowsOf(next, "UPDATE outbox SET next_attempt_at = now() - interval '1 second' WHERE sent_at IS NULL")
    expect(await next.outbox.drain()).toMatchObject({ sent: 1 })
    expect(subjects()).toEqual([
      'New quote request from Accepted',
      'New quote request from Claimed',
      'New quote request from Elsewhere',
    ])
    expect(await count(next, 'SELECT * FROM outbox WHERE sent_at IS NULL')).toBe(0)
  })
})

describe('outbox details', () => {
  it('backoff: 5 s · 2^n, capped at 15 min, jittered ±20 %', () => {
    expect([1, 2, 4, 20].map((attempt) => defaultBackoffMs(attempt, () => 0.5))).toEqual([
      5_000, 10_000, 40_000, 900_000,
    ])
    expect(defaultBackoffMs(1, () => 0)).toBe(4_000)
    expect(defaultBackoffMs(1, () => 0.999999)).toBeCloseTo(6_000, -1)
    expect(defaultBackoffMs(99, () => 0.999999)).toBe(15 * 60_000)
  })

  it('notification: recipient and sender defaults and overrides', () => {
    const config = (env = {}) => parseRuntimeConfig(env)
    expect(notificationAddresses(config())).toMatchObject({ to: business.email, from: 'no-reply@deltabreeze.example' })
    const overridden = notificationAddresses(config({ QUOTE_NOTIFY_EMAIL: 'a@b.co', QUOTE_FROM_EMAIL: 'web@b.co' }))
    expect(overridden).toMatchObject({ to: 'a@b.co', from: 'web@b.co' })
    const lead = {
      id: 'q1',
      first_name: 'A'.repeat(100),
      email: 'a@b.co',
      phone: '9165550100',
      source_page: null,
      created_at: new Date('2026-03-01T18:30:00Z'),
    }
    const message = envelope(ownerNotification(lead), 'lead-o1', config(), true)
    expect(message.to).toEqual({ name: '', address: business.email })
    expect(message.from).toEqual({ name: `${business.name} Website`, address: 'no-reply@deltabreeze.example' })
    expect(String(message.subject).length).toBeLessThanOrEqual('New quote request from '.length + 60)
    expect(message.text).toContain('Page:     (not recorded)')
    expect(message.text).toContain('Sunday, March 1, 2026')
  })
})
