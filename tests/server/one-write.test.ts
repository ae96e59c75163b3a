/**
 * One implementation per write (docs/decisions/042-one-implementation-per-write.md): a lead is stored and its
 * deliveries queued by record_lead alone, and each outbox kind is delivered by one handler. That every
 * kind of the schema has a handler is checked by the compiler (DELIVERIES is a Record over the schema's kinds).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import {
  DELIVERIES,
  deliverOutboxRow,
  type DeliveryIo,
  type OutboxRow,
} from '../../app/server/backend/outbox-deliveries.server'
import { openFileStore } from '../../app/server/files/file-store.server'
import type { OwnerNotification } from '../../app/server/leads/lead-email.server'
import { storeLead } from '../../app/server/leads/store-lead.server'
import { rowsOf, testLead, useTestBackends } from './helpers'

const openBackend = useTestBackends()
const REVIEW_URL = 'https://g.page/r/example-review'
const APP = new URL('../../app/', import.meta.url).pathname
const read = (path: string) => readFileSync(join(APP, path), 'utf8')

/** The outbox's kinds as the schema has them, so a kind added by a migration is checked here unasked. */
function schemaKinds(): string[] {
  const table = /outbox: \{[^}]*\}/.exec(read('server/db/schema.gen.ts'))![0]
  const union = /\bkind: ([^\n]+)/.exec(table)![1]!
  return [...union.matchAll(/'(\w+)'/g)].map((match) => match[1]!).sort()
}

/** Every source file of the site, by its path under app/. */
const appFiles = (readdirSync(APP, { recursive: true }) as string[]).filter((path) => /\.tsx?$/.test(path))

describe('storing a lead', { timeout: 120_000 }, () => {
  async function open(env: Record<string, string> = {}) {
    const backend = await openBackend(env)
    const db = await backend.db()
    const kinds = `SELECT kind FROM public.outbox WHERE lead_id = $1 ORDER BY kind`
    const kindsOf = async (id: string) => (await rowsOf<{ kind: string }>(backend, kinds, [id])).map((row) => row.kind)
    return { backend, db, kindsOf }
  }

  it('goes through record_lead: without it no lead is stored', async () => {
    const { backend, db } = await open()
    await db.exec(`ALTER FUNCTION public.record_lead(jsonb) RENAME TO record_quote_request_elsewhere`)
    await expect(storeLead(backend, testLead('Nobody'))).rejects.toThrow(/record_lead/)
    expect((await db.query(`SELECT 1 FROM public.leads`)).rows).toEqual([])
  })

  it('keeps the visitor hash and queues a delivery per configured kind; spam queues none until a clean retry rescues it, once', async () => {
    const vapid = webpush.generateVAPIDKeys()
    const { backend, db, kindsOf } = await open({
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    })
    const everyKind = [
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ]
    const hana = testLead('Hana', { ipHash: 'a'.repeat(64) })
    const stored = await storeLead(backend, hana)
    expect(stored).toEqual({ id: expect.any(String), duplicate: false })
    expect(await kindsOf(stored.id)).toEqual(everyKind)
    const row = await db.query(`SELECT ip_hash, status FROM public.leads WHERE id = $1`, [stored.id])
    expect(row.rows).toEqual([{ ip_hash: 'a'.repeat(64), status: 'new' }])
    // The same key again, even at once, is the same lead, with nothing queued twice.
    const again = await Promise.all([storeLead(backend, hana), storeLead(backend, hana)])
    expect(again).toEqual([stored, stored].map(({ id }) => ({ id, duplicate: true })))
    expect(await kindsOf(stored.id)).toEqual(everyKind)

    const suspect = testLead('Sam', { spamReason: 'too-fast:900ms' })
    const flagged = await storeLead(backend, suspect)
    expect(await kindsOf(flagged.id)).toEqual([])
    expect(await storeLead(backend, suspect)).toEqual({ id: flagged.id, duplicate: true })
    expect(await kindsOf(flagged.id)).toEqual([])
    const cleanRetry = { ...suspect, spamReason: null }
    expect(await storeLead(backend, cleanRetry)).toEqual({ id: flagged.id, duplicate: false })
    expect(await kindsOf(flagged.id)).toEqual(everyKind)
    const rescued = await db.query(`SELECT status, spam_reason FROM public.leads WHERE id = $1`, [flagged.id])
    expect(rescued.rows).toEqual([{ status: 'new', spam_reason: null }])
    // The same form once more: one lead, no second delivery.
    expect(await storeLead(backend, cleanRetry)).toEqual({ id: flagged.id, duplicate: true })
    expect(await kindsOf(flagged.id)).toEqual(everyKind)
    const counts = await db.query(`SELECT count(*)::int AS leads FROM public.leads`)
    expect(counts.rows).toEqual([{ leads: 2 }])
  })

  it("queues only the owner's and the customer's e-mails when no webhook or push is configured", async () => {
    const { backend, kindsOf } = await open()
    expect(await kindsOf((await storeLead(backend, testLead('Olga'))).id)).toEqual([
      'customer_acknowledgement',
      'owner_notification',
    ])
    const off = await open({ CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    expect(await off.kindsOf((await storeLead(off.backend, testLead('Quinn'))).id)).toEqual(['owner_notification'])
  })
})

describe('delivery by kind', () => {
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
      // Never reached by these kinds.
      files: openFileStore({ dataDir: '/nonexistent' }),
      push: async () => 0,
      acknowledgementAllowed: async () => true,
      ...overrides,
    }
  }

  const row = (kind: OutboxRow['kind'], extra: Partial<OutboxRow> = {}): OutboxRow => ({
    outboxId: '11111111-1111-4111-8111-111111111111',
    kind,
    leadId: '22222222-2222-4222-8222-222222222222',
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

  it('has one handler for every kind of the schema, and none besides', () => {
    expect(schemaKinds().length).toBeGreaterThanOrEqual(13)
    expect(Object.keys(DELIVERIES).sort()).toEqual(schemaKinds())
  })

  it('no other module sends a kind: none dispatches on one, none calls what a handler sends with', () => {
    const handlers = 'server/backend/outbox-deliveries.server.ts'
    // The worker names a few kinds, for its log lines only; the senders it must not call are checked below.
    const dispatchers = appFiles.filter((path) => ![handlers, 'server/backend/outbox.server.ts'].includes(path))
    for (const kind of schemaKinds()) {
      const branch = new RegExp(`kind\\s*[!=]==\\s*'${kind}'|case '${kind}'`)
      for (const path of dispatchers) expect(read(path), `${path} dispatches ${kind}`).not.toMatch(branch)
    }
    // What the handlers import from the server to send with: used by them and the module defining it alone.
    const imports = [...read(handlers).matchAll(/import \{([^}]*)\} from '(\.\.?\/[^']+\.server)'/g)]
    const senders = imports.flatMap(([, names, from]) =>
      names!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => /^[a-z]\w*$/.test(name))
        .map((name) => ({ name, home: join('server/backend', `${from}.ts`) })),
    )
    expect(senders.map(({ name }) => name)).toContain('signInMail')
    for (const { name, home } of senders) {
      const users = appFiles.filter((path) => path !== handlers && new RegExp(`\\b${name}\\b`).test(read(path)))
      expect(users, name).toEqual([home])
    }
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
      await expect(deliverOutboxRow(row('review_request'), unset)).rejects.toThrow(/GOOGLE_REVIEW_URL/)
      expect(unset.sent).toEqual([])
    }
  })

  // An expired sign-in link dropped unsent, a live one sent: owner-sessions.test.ts, "works for 15 minutes".
})
