/**
 * One implementation per write (docs/decisions/042-one-implementation-per-write.md): the embedded adapter
 * stores a lead through the migrations' record_quote_request, and both runtimes deliver outbox rows through
 * one table of handlers, which send-quote-email gets through `npm run supabase:sync`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { createEmbeddedBackend } from '../../app/server/backend/embedded.server'
import {
  DELIVERIES,
  deliverableKinds,
  deliverOutboxRow,
  OUTBOX_KINDS,
  type DeliveryIo,
  type OutboxRow,
} from '../../app/server/backend/outbox-deliveries.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import type { OwnerNotification } from '../../app/server/quote/lead-email.server'
import { generateSharedFiles, SHARED_APP_DIR } from '../support/supabase-shared'
import { testLead, useCleanup, useTempDirs } from './helpers'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const tempDir = useTempDirs()
const cleanup = useCleanup()
const REVIEW_URL = 'https://g.page/r/example-review'

describe('storing a lead (embedded)', { timeout: 120_000 }, () => {
  async function open(env: Record<string, string> = {}) {
    const backend = createEmbeddedBackend({ config: parseRuntimeConfig(env), dataDir: await tempDir() })
    cleanup.push(() => backend.close())
    return { backend, db: await backend.db() }
  }

  const kindsOf = async (db: Awaited<ReturnType<typeof open>>['db'], id: string | undefined) =>
    (
      await db.query<{ kind: string }>(
        `SELECT kind FROM public.quote_outbox WHERE quote_request_id = $1 ORDER BY kind`,
        [id],
      )
    ).rows.map((row) => row.kind)

  it('goes through record_quote_request, the function send-quote-email calls: without it no lead is stored', async () => {
    const { backend, db } = await open()
    await db.exec(
      `ALTER FUNCTION public.record_quote_request(
           text, text, text, text, text, text, text, boolean, boolean, text, text, text, text, boolean,
           text, jsonb, text, text, text, boolean, text, timestamptz, integer)
         RENAME TO record_quote_request_elsewhere`,
    )
    await expect(backend.submitQuote(testLead('Nobody'))).rejects.toThrow(/record_quote_request/)
    expect((await db.query(`SELECT 1 FROM public.quote_requests`)).rows).toEqual([])
  })

  it('keeps the visitor hash and queues a delivery per configured kind; spam queues none until a clean retry rescues it', async () => {
    const vapid = webpush.generateVAPIDKeys()
    const { backend, db } = await open({
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    })
    const stored = await backend.submitQuote(testLead('Hana', { ipHash: 'a'.repeat(64) }))
    expect(stored).toMatchObject({ success: true, duplicate: false })
    const id = stored.success ? stored.id : undefined
    expect(await kindsOf(db, id)).toEqual([
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ])
    const row = await db.query(`SELECT ip_hash, status FROM public.quote_requests WHERE id = $1`, [id])
    expect(row.rows).toEqual([{ ip_hash: 'a'.repeat(64), status: 'new' }])

    const suspect = testLead('Sam', { status: 'suspected_spam', spamReason: 'too-fast:900ms' })
    const flagged = await backend.submitQuote(suspect)
    const flaggedId = flagged.success ? flagged.id : undefined
    expect(await kindsOf(db, flaggedId)).toEqual([])
    expect(await backend.submitQuote(suspect)).toMatchObject({ id: flaggedId, duplicate: true })
    expect(await kindsOf(db, flaggedId)).toEqual([])
    const rescued = await backend.submitQuote({ ...suspect, status: 'new', spamReason: null })
    expect(rescued).toMatchObject({ success: true, id: flaggedId })
    expect(await kindsOf(db, flaggedId)).toEqual([
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ])
    expect((await db.query(`SELECT status FROM public.quote_requests WHERE id = $1`, [flaggedId])).rows).toEqual([
      { status: 'new' },
    ])
    // The same form once more: one lead, no second delivery.
    expect(await backend.submitQuote({ ...suspect, status: 'new', spamReason: null })).toMatchObject({
      id: flaggedId,
      duplicate: true,
    })
    expect(await kindsOf(db, flaggedId)).toEqual([
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ])
  })

  it("queues only the owner's and the customer's e-mails when no webhook or push is configured", async () => {
    const { backend, db } = await open()
    const stored = await backend.submitQuote(testLead('Olga'))
    expect(await kindsOf(db, stored.success ? stored.id : undefined)).toEqual([
      'customer_acknowledgement',
      'owner_notification',
    ])
    const off = await open({ CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    const quiet = await off.backend.submitQuote(testLead('Quinn'))
    expect(await kindsOf(off.db, quiet.success ? quiet.id : undefined)).toEqual(['owner_notification'])
  })
})

describe('delivery by kind, written once', () => {
  function fakeIo(overrides: Partial<DeliveryIo> = {}): DeliveryIo & { sent: [OwnerNotification, string][] } {
    const sent: [OwnerNotification, string][] = []
    return {
      sent,
      addresses: { to: 'owner@example.com', from: 'web@example.com', fromName: 'Website' },
      ownerEmail: 'owner@example.com',
      sendMail: async (message, key) => void sent.push([message, key]),
      webhook: null,
      vapid: null,
      reviewUrl: REVIEW_URL,
      pushTargets: async () => [],
      dropPushTarget: async () => undefined,
      ...overrides,
    }
  }

  const row = (kind: OutboxRow['kind'], extra: Partial<OutboxRow> = {}): OutboxRow => ({
    outboxId: '11111111-1111-4111-8111-111111111111',
    kind,
    quoteRequestId: '22222222-2222-4222-8222-222222222222',
    attempts: 1,
    firstName: 'Wendy',
    email: 'wendy@example.com',
    phone: '916-555-0101',
    sourcePage: '/contact',
    createdAt: new Date('2026-11-24T12:00:00Z'),
    street: null,
    zip: null,
    preferredTime: null,
    outsideArea: null,
    ...extra,
  })

  it('has one handler for every kind the outbox holds', () => {
    expect(Object.keys(DELIVERIES).sort()).toEqual([...OUTBOX_KINDS].sort())
    // The migration that last set quote_outbox_kind_check.
    const folder = join(ROOT, 'supabase', 'migrations')
    const latest = readdirSync(folder)
      .sort()
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .findLast((sql) => sql.includes('ADD CONSTRAINT quote_outbox_kind_check'))!
    for (const kind of OUTBOX_KINDS) expect(latest).toContain(`'${kind}'`)
  })

  it('a review request carries the configured link, never one stored with the row, and waits while none is set', async () => {
    const io = fakeIo()
    const forged = row('review_request', {
      payload: { reviewUrl: 'https://evil.example.net/' } as OutboxRow['payload'],
    })
    await deliverOutboxRow(forged, io)
    const [message, key] = io.sent[0]!
    expect(message.to).toBe('wendy@example.com')
    expect(message.replyTo).toBe('owner@example.com')
    expect(message.text).toContain(REVIEW_URL)
    expect(message.text).not.toContain('evil')
    expect(key).toBe(`review-${forged.outboxId}`)

    for (const reviewUrl of [null, 'http://g.page/r/example-review']) {
      const unset = fakeIo({ reviewUrl })
      expect(deliverableKinds(unset)).not.toContain('review_request')
      await expect(deliverOutboxRow(row('review_request'), unset)).rejects.toThrow(/GOOGLE_REVIEW_URL/)
      expect(unset.sent).toEqual([])
    }
  })

  it('without a mail transport only the webhook and the push kinds are deliverable', () => {
    const io = fakeIo({
      sendMail: null,
      webhook: { url: 'https://hooks.example.com', secret: 'whsec_x' },
      vapid: { publicKey: 'p', privateKey: 'k', subject: 'mailto:owner@example.com' },
    })
    expect(deliverableKinds(io)).toEqual([
      'lead_webhook',
      'owner_push',
      'owner_photos_push',
      'owner_escalation',
      'owner_reminder_2d',
      'owner_reminder_7d',
    ])
  })

  it('an expired sign-in link is dropped unsent; a live one goes to the owner', async () => {
    const io = fakeIo()
    const past = new Date(Date.now() - 1000).toISOString()
    await deliverOutboxRow(
      row('owner_sign_in', { payload: { link: 'https://x/owner/sign-in?t=1', expiresAt: past } }),
      io,
    )
    expect(io.sent).toEqual([])
    const future = new Date(Date.now() + 60_000).toISOString()
    await deliverOutboxRow(
      row('owner_sign_in', { payload: { link: 'https://x/owner/sign-in?t=2', expiresAt: future } }),
      io,
    )
    expect(io.sent.map(([message]) => [message.to, message.text.includes('t=2')])).toEqual([
      ['owner@example.com', true],
    ])
  })

  it('send-quote-email gets the table through supabase:sync and the Node worker uses the same one; neither dispatches on its own', () => {
    const { files } = generateSharedFiles()
    const copy = files.get(join(SHARED_APP_DIR, 'server', 'backend', 'outbox-deliveries.server.ts'))
    const source = readFileSync(join(ROOT, 'app', 'server', 'backend', 'outbox-deliveries.server.ts'), 'utf8')
    // Byte for byte after the header, but for the extensions Deno needs.
    expect(copy?.split('\n').slice(1).join('\n')).toBe(source.replace(/from '(\.\.?\/[^']+)'/g, "from '$1.ts'"))
    expect([...files.keys()]).toContain(join(SHARED_APP_DIR, 'server', 'owner', 'owner-messages.server.ts'))
    expect([...files.keys()]).toContain(join(SHARED_APP_DIR, 'lib', 'review-link.ts'))

    const handler = readFileSync(join(ROOT, 'supabase', 'functions', 'send-quote-email', 'handler.ts'), 'utf8')
    expect(handler).toMatch(
      /import \{[^}]*deliverOutboxRow[^}]*\} from '\.\.\/_shared\/app\/server\/backend\/outbox-deliveries\.server\.ts'/,
    )
    const worker = readFileSync(join(ROOT, 'app', 'server', 'backend', 'outbox.server.ts'), 'utf8')
    expect(worker).toMatch(/import \{[^}]*deliverOutboxRow[^}]*\} from '\.\/outbox-deliveries\.server'/)
    const kindBranch = /kind === '(owner_notification|lead_webhook|owner_push|review_request|owner_sign_in)'/
    for (const file of ['send-quote-email/handler.ts', '_shared/owner.ts', '_shared/mail.ts', '_shared/db.ts']) {
      const text = readFileSync(join(ROOT, 'supabase', 'functions', file), 'utf8')
      expect(text, file).not.toMatch(kindBranch)
      expect(text, file).not.toMatch(/sendLeadWebhook|pushToTargets|reviewRequestMail|ownerNotification\(/)
    }
    expect(worker).not.toMatch(/sendLeadWebhook|pushToTargets|reviewRequestMail|signInMail|ownerNotification\(/)
  })
})
