/**
 * The owner's inbox on a real PGlite and a real SMTP server: a sign-in link only for the owner's address,
 * once, within 15 minutes; the sealed session; statuses, notes and one review request per won lead.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import type { SubmitQuoteResult } from '../../app/server/backend/backend.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { embeddedOwnerId } from '../../app/server/backend/embedded-owner.server'
import { listInbox, requestReview, updateLead } from '../../app/server/owner/inbox.server'
import type { InboxLead } from '../../app/lib/owner-lead'
import {
  consumeSignInToken,
  hashToken,
  requestSignInLink,
  sealSessionSecret,
  unsealSessionSecret,
} from '../../app/server/owner/sign-in.server'
import { startSiteProcess } from '../support/site-process'
import { startSmtp, useTempDirs, type TestSmtp, testLead, useCleanup } from './helpers'

const tempDir = useTempDirs()
const cleanup = useCleanup()

const OWNER = 'owner@example.com'
const REVIEW_URL = 'https://g.page/r/example-review'
const ownerCaller = { as: 'owner', userId: embeddedOwnerId(OWNER) } as const

async function open(smtp: TestSmtp): Promise<EmbeddedBackend> {
  const backend = createEmbeddedBackend({
    config: parseRuntimeConfig({ SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, GOOGLE_REVIEW_URL: REVIEW_URL }),
    dataDir: await tempDir(),
    outbox: { backoffMs: () => 0 },
  })
  cleanup.push(() => backend.close())
  return backend
}

async function smtpServer(): Promise<TestSmtp> {
  const smtp = await startSmtp()
  cleanup.push(() => smtp.close())
  return smtp
}

function idOf(result: SubmitQuoteResult): string {
  if (!result.success || !result.id) throw new Error('the lead was not stored')
  return result.id
}

const siteUrl = 'https://www.example.com'

function tokenOf(text: string): string {
  const match = text.match(/https:\/\/www\.example\.com\/owner\/sign-in\?token=([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`no sign-in link in: ${text}`)
  return match[1]!
}

describe('owner sign-in links', { timeout: 120_000 }, () => {
  it('e-mails a link only for the owner address, and the link signs in once', async () => {
    const smtp = await smtpServer()
    const backend = await open(smtp)
    const db = await backend.db()

    expect(await requestSignInLink(db, { email: 'someone@example.com', ownerEmail: OWNER, siteUrl })).toBe(false)
    expect(await requestSignInLink(db, { email: ' Owner@Example.com ', ownerEmail: OWNER, siteUrl })).toBe(true)
    await (await backend.outbox()).drain()

    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.rcptTo).toEqual([OWNER])
    expect(mail.mail.text).toContain('It works once, for 15 minutes.')
    const token = tokenOf(mail.mail.text ?? '')

    // Only the hash is kept; the outbox forgets the link once it is sent.
    const stored = await db.query<{ token_hash: string }>(`SELECT token_hash FROM owner_sign_in_links`)
    expect(stored.rows).toEqual([{ token_hash: hashToken(token) }])
    const outbox = await db.query<{ payload: unknown; sent: boolean }>(
      `SELECT payload, sent_at IS NOT NULL AS sent FROM quote_outbox WHERE kind = 'owner_sign_in'`,
    )
    expect(outbox.rows).toEqual([{ payload: null, sent: true }])

    expect(await consumeSignInToken(db, token)).toBe(true)
    expect(await consumeSignInToken(db, token)).toBe(false) // replayed
  })

  it('refuses a forged, a malformed and an expired link, and lets only one of several racing uses through', async () => {
    const smtp = await smtpServer()
    const backend = await open(smtp)
    const db = await backend.db()
    expect(await consumeSignInToken(db, randomBytes(32).toString('base64url'))).toBe(false)
    expect(await consumeSignInToken(db, "' OR 1=1 --")).toBe(false)
    expect(await consumeSignInToken(db, undefined)).toBe(false)

    await requestSignInLink(db, { email: OWNER, ownerEmail: OWNER, siteUrl })
    await requestSignInLink(db, { email: OWNER, ownerEmail: OWNER, siteUrl })
    await (await backend.outbox()).drain()
    const [first, second] = smtp.received.map((received) => tokenOf(received.mail.text ?? ''))
    await db.query(`UPDATE owner_sign_in_links SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(first!),
    ])
    expect(await consumeSignInToken(db, first)).toBe(false) // expired

    // PGlite runs one statement at a time, but two calls started together interleave theirs: a check, then a
    // separate mark, lets both through here.
    const raced = await Promise.all([consumeSignInToken(db, second), consumeSignInToken(db, second)])
    expect(raced.filter(Boolean)).toHaveLength(1)

    // The race as it happens, where work between a check and a mark would let both through: the production build
    // (`npm run build` first) gets one link posted eight times at once on separate connections.
    const site = await startSiteProcess({
      DATA_DIR: await tempDir(),
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
    })
    cleanup.push(site.stop)
    const post = (form: Record<string, string>) =>
      fetch(`${site.url}/owner/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      })
    const mailed = smtp.received.length
    expect((await post({ email: OWNER })).status).toBe(303)
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(mailed + 1)
    const token = smtp.received.at(-1)!.mail.text?.match(/\/owner\/sign-in\?token=([A-Za-z0-9_-]+)/)?.[1]
    expect(token).toBeDefined()

    const answers = await Promise.all(Array.from({ length: 8 }, () => post({ token: token! })))
    expect(answers.map((answer) => answer.headers.get('location')).sort()).toEqual([
      '/owner',
      ...Array.from({ length: 7 }, () => '/owner?link=expired'),
    ])
    const sessions = answers.filter((answer) => answer.headers.getSetCookie().some((c) => /owner_session=[^;]/.test(c)))
    expect(sessions.map((answer) => answer.headers.get('location'))).toEqual(['/owner'])
  })

  it('drops a link e-mail still unsent after its 15 minutes', async () => {
    const smtp = await smtpServer()
    const backend = await open(smtp)
    const db = await backend.db()
    await requestSignInLink(db, { email: OWNER, ownerEmail: OWNER, siteUrl })
    await db.query(
      `UPDATE quote_outbox SET payload = jsonb_set(payload, '{expiresAt}', to_jsonb(now() - interval '1 minute'))`,
    )
    await (await backend.outbox()).drain()
    expect(smtp.received).toHaveLength(0)
  })
})

describe('the owner session cookie', () => {
  const secret = randomBytes(32).toString('base64')

  it('holds only the session secret, sealed with the configured key', async () => {
    const sid = randomBytes(32).toString('base64url')
    const cookie = await sealSessionSecret(secret, sid, 3600)
    expect(cookie).not.toContain(sid)
    expect(await unsealSessionSecret(cookie, secret)).toBe(sid)
    expect(await unsealSessionSecret(cookie, randomBytes(32).toString('base64'))).toBeNull()
    expect(await unsealSessionSecret(`${cookie.slice(0, -4)}AAAA`, secret)).toBeNull()
    expect(await unsealSessionSecret(undefined, secret)).toBeNull()
    expect(await unsealSessionSecret(await sealSessionSecret(secret, 'not a secret', 3600), secret)).toBeNull()
  })

  it('takes only a long enough key, an e-mail address and https review link from the environment', () => {
    expect(() => parseRuntimeConfig({ OWNER_SESSION_SECRET: 'short' })).toThrow(
      /OWNER_SESSION_SECRET must be at least 32 random characters .*\(value not shown\)/,
    )
    expect(() => parseRuntimeConfig({ OWNER_EMAIL: 'not an address' })).toThrow(/OWNER_EMAIL must be an e-mail address/)
    expect(() => parseRuntimeConfig({ GOOGLE_REVIEW_URL: 'javascript:alert(1)' })).toThrow(/GOOGLE_REVIEW_URL/)
    // Customers follow it from the business's e-mail: plain http is refused at start, naming the variable.
    expect(() => parseRuntimeConfig({ GOOGLE_REVIEW_URL: 'http://g.page/r/example-review' })).toThrow(
      /GOOGLE_REVIEW_URL must be an https:\/\/ address/,
    )
    expect(parseRuntimeConfig({ GOOGLE_REVIEW_URL: REVIEW_URL }).owner.googleReviewUrl).toBe(REVIEW_URL)
    expect(() => parseRuntimeConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(parseRuntimeConfig({ QUOTE_NOTIFY_EMAIL: OWNER }).owner.email).toBe(OWNER)
  })
})

describe('the inbox', { timeout: 120_000 }, () => {
  it('lists leads newest first without suspected spam, and saves a status and a note', async () => {
    const smtp = await smtpServer()
    const backend = await open(smtp)
    const db = await backend.db()
    const older = await backend.submitQuote(testLead('Olive', { sourcePage: '/city/folsom' }))
    await backend.submitQuote(testLead('Spam', { status: 'suspected_spam', spamReason: 'honeypot' }))
    await db.query(`UPDATE quote_requests SET created_at = now() - interval '1 hour' WHERE first_name = 'Olive'`)
    await backend.submitQuote(
      testLead('Nora', {
        sourcePage: '/services?tab=roof',
        street: '4821 Elm Ridge Way',
        zip: '95814',
        preferredTime: 'afternoon',
        outsideArea: true,
      }),
    )

    const leads = await listInbox(backend, ownerCaller)
    expect(leads.map((entry) => [entry.firstName, entry.service, entry.city])).toEqual([
      ['Nora', 'Roof Cleaning', null],
      ['Olive', null, 'Folsom'],
    ])
    const place = (entry: InboxLead | null | undefined) =>
      entry && [entry.street, entry.zip, entry.preferredTime, entry.outsideArea]
    expect(leads.map(place)).toEqual([
      ['4821 Elm Ridge Way', '95814', 'afternoon', true],
      [null, null, null, null],
    ])
    // A saved card keeps its address: the update answers with the whole lead.
    const nora = await updateLead(backend, ownerCaller, leads[0]!.id, { status: 'quoted', note: '' })
    expect(place(nora)).toEqual(['4821 Elm Ridge Way', '95814', 'afternoon', true])
    const updated = await updateLead(backend, ownerCaller, idOf(older), {
      status: 'contacted',
      note: 'Call after 5 pm',
    })
    expect(updated).toMatchObject({ status: 'contacted', note: 'Call after 5 pm' })
    expect((await listInbox(backend, ownerCaller))[1]).toMatchObject({
      firstName: 'Olive',
      status: 'contacted',
      note: 'Call after 5 pm',
    })
    expect(
      await updateLead(backend, ownerCaller, '00000000-0000-4000-8000-000000000000', { status: 'won', note: '' }),
    ).toBeNull()
  })

  it('sends one review request per won lead, with the Google review link, and refuses a second', async () => {
    const smtp = await smtpServer()
    const backend = await open(smtp)
    const stored = { id: idOf(await backend.submitQuote(testLead('Wendy'))) }
    const outbox = await backend.outbox()
    await outbox.drain()
    smtp.received.splice(0) // the owner's notification and the customer's acknowledgement

    expect(await requestReview(backend, ownerCaller, stored.id)).toBe('not-won')
    await updateLead(backend, ownerCaller, stored.id, { status: 'won', note: '' })
    expect(await requestReview(backend, ownerCaller, stored.id)).toBe('queued')
    expect((await listInbox(backend, ownerCaller))[0]!.reviewRequest).toBe('queued')
    expect(await requestReview(backend, ownerCaller, stored.id)).toBe('already-sent')
    await outbox.drain()
    expect(await requestReview(backend, ownerCaller, stored.id)).toBe('already-sent')

    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.rcptTo).toEqual(['wendy@example.com'])
    expect(mail.mail.text).toContain(REVIEW_URL)
    expect(mail.mail.text).toContain('Hi Wendy,')
    expect(mail.mail.replyTo?.text).toBe(OWNER)
    expect((await listInbox(backend, ownerCaller))[0]!.reviewRequest).toBe('sent')
  })
})
