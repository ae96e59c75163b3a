/**
 * One implementation per write, typed from the table to the tap (docs/decisions/042, 054): a write that spans rows
 * is a TypeScript transaction over the generated schema, so no SQL function the site calls takes JSON; a lead's
 * deliveries are queued by storeLead alone; each outbox template is built in one registry and sent on its channel.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { openFileStore } from '../../app/platform/files/file-store.server'
import type { OwnerNotification } from '../../app/features/leads/lead-email.server'
import { storeLead } from '../../app/features/leads/store-lead.server'
import { setLeadStatus } from '../../app/features/owner/leads.server'
import { TEMPLATES, type DeliveryIo, type OutboxRow } from '../../app/platform/outbox/templates.server'
import { deliverOutboxRow } from '../../app/platform/outbox/worker.server'
import { rowsOf, testLead, useTestBackends } from './helpers'

const openBackend = useTestBackends()
const REVIEW_URL = 'https://g.page/r/example-review'
const APP = new URL('../../app/', import.meta.url).pathname
const read = (path: string) => readFileSync(join(APP, path), 'utf8')

/** Every source file of the site, by its path under app/. */
const appFiles = (readdirSync(APP, { recursive: true }) as string[]).filter((path) => /\.tsx?$/.test(path))

describe('writes', { timeout: 120_000 }, () => {
  it('no SQL function the site calls takes JSON: a write that spans rows is a typed TypeScript transaction', async () => {
    const called = new Set(appFiles.flatMap((path) => [...read(path).matchAll(/public\.(\w+)\(/g)].map((m) => m[1]!)))
    expect(called).toContain('hit_rate_limit')
    const db = await (await openBackend()).db()
    const { rows } = await sql<{ name: string; args: string }>`
      SELECT p.proname AS name, pg_get_function_arguments(p.oid) AS args
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public'`.execute(db)
    const takingJson = rows.filter((fn) => called.has(fn.name) && /\bjsonb?\b/.test(fn.args)).map((fn) => fn.name)
    expect(takingJson).toEqual([])
  })
})

describe('storing a lead', { timeout: 120_000 }, () => {
  async function open(env: Record<string, string> = {}) {
    const backend = await openBackend(env)
    const templates = `SELECT template FROM public.outbox WHERE lead_id = $1 ORDER BY template`
    const templatesOf = async (id: string) =>
      (await rowsOf<{ template: string }>(backend, templates, [id])).map((row) => row.template)
    return { backend, templatesOf }
  }

  it('keeps the visitor hash and queues a delivery per configured template; spam queues none until a clean retry rescues it, once', async () => {
    const vapid = webpush.generateVAPIDKeys()
    const { backend, templatesOf } = await open({
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    })
    const everyTemplate = [
      'customer_acknowledgement',
      'lead_webhook',
      'owner_escalation',
      'owner_notification',
      'owner_push',
    ]
    const hana = testLead('Hana', { ipHash: 'a'.repeat(64) })
    const stored = await storeLead(backend, hana)
    expect(stored).toEqual({ id: expect.any(String), duplicate: false })
    expect(await templatesOf(stored.id)).toEqual(everyTemplate)
    const lead = `SELECT ip_hash, status, spam_reason FROM public.leads WHERE id = $1`
    expect(await rowsOf(backend, lead, [stored.id])).toEqual([
      { ip_hash: 'a'.repeat(64), status: 'new', spam_reason: null },
    ])
    // The same key again, even at once, is the same lead, with nothing queued twice.
    const again = await Promise.all([storeLead(backend, hana), storeLead(backend, hana)])
    expect(again).toEqual([stored, stored].map(({ id }) => ({ id, duplicate: true })))
    expect(await templatesOf(stored.id)).toEqual(everyTemplate)

    const suspect = testLead('Sam', { spamReason: 'too-fast:900ms' })
    const flagged = await storeLead(backend, suspect)
    expect(await templatesOf(flagged.id)).toEqual([])
    expect(await storeLead(backend, suspect)).toEqual({ id: flagged.id, duplicate: true })
    expect(await templatesOf(flagged.id)).toEqual([])
    const cleanRetry = { ...suspect, spamReason: null }
    expect(await storeLead(backend, cleanRetry)).toEqual({ id: flagged.id, duplicate: false })
    expect(await templatesOf(flagged.id)).toEqual(everyTemplate)
    expect(await rowsOf(backend, lead, [flagged.id])).toEqual([{ ip_hash: null, status: 'new', spam_reason: null }])
    // The same form once more: one lead, no second delivery.
    expect(await storeLead(backend, cleanRetry)).toEqual({ id: flagged.id, duplicate: true })
    expect(await templatesOf(flagged.id)).toEqual(everyTemplate)
    expect(await rowsOf(backend, `SELECT count(*)::int AS leads FROM public.leads`)).toEqual([{ leads: 2 }])

    // Every row goes on its template's channel, the status trigger's quote reminders too.
    await setLeadStatus(await backend.db(), stored.id, 'quoted')
    const rows = await rowsOf<{ template: string; channel: string }>(backend, 'SELECT template, channel FROM outbox')
    expect(rows.map((row) => row.template)).toEqual(expect.arrayContaining(['owner_reminder_2d', 'owner_reminder_7d']))
    for (const row of rows) expect(row.channel, row.template).toBe(TEMPLATES[row.template as 'owner_push'].channel)
  })

  it("queues only the owner's and the customer's e-mails when no webhook or push is configured", async () => {
    const { backend, templatesOf } = await open()
    expect(await templatesOf((await storeLead(backend, testLead('Olga'))).id)).toEqual([
      'customer_acknowledgement',
      'owner_notification',
    ])
    const off = await open({ CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    expect(await off.templatesOf((await storeLead(off.backend, testLead('Quinn'))).id)).toEqual(['owner_notification'])
  })
})

describe('delivery by template', () => {
  function fakeIo(overrides: Partial<DeliveryIo> = {}): DeliveryIo & { sent: OwnerNotification[] } {
    const sent: OwnerNotification[] = []
    return {
      sent,
      addresses: { to: 'owner@example.com', from: 'web@example.com', fromName: 'Website' },
      ownerEmail: 'owner@example.com',
      sendMail: async (message) => void sent.push(message),
      webhook: null,
      vapid: null,
      reviewUrl: REVIEW_URL,
      // Never reached by these templates.
      files: openFileStore({ dataDir: '/nonexistent' }),
      push: async () => 0,
      acknowledgementAllowed: async () => true,
      ...overrides,
    }
  }

  const row = (template: string, extra: Partial<OutboxRow> = {}): OutboxRow => ({
    outboxId: '11111111-1111-4111-8111-111111111111',
    template,
    leadId: '22222222-2222-4222-8222-222222222222',
    attempts: 1,
    status: 'won',
    payload: null,
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

  it('no other module sends a template: none dispatches on one, none calls what a template builds with', () => {
    const templates = 'platform/outbox/templates.server.ts'
    // The worker names two templates, for their log lines only; the builders it must not call are checked below.
    const dispatchers = appFiles.filter((path) => ![templates, 'platform/outbox/worker.server.ts'].includes(path))
    for (const template of Object.keys(TEMPLATES)) {
      const branch = new RegExp(
        `template\\s*[!=]==\\s*'${template}'|kind\\s*[!=]==\\s*'${template}'|case '${template}'`,
      )
      for (const path of dispatchers) expect(read(path), `${path} dispatches ${template}`).not.toMatch(branch)
    }
    // What the templates import from the server to build with: used by them and the module defining it alone.
    const imports = [...read(templates).matchAll(/import \{([^}]*)\} from '(\.\.?\/[^']+\.server)'/g)]
    const builders = imports.flatMap(([, names, from]) =>
      names!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => /^[a-z]\w*$/.test(name))
        .map((name) => ({ name, home: join('platform/outbox', `${from}.ts`) })),
    )
    expect(builders.map(({ name }) => name)).toContain('signInMail')
    for (const { name, home } of builders) {
      const users = appFiles.filter((path) => path !== templates && new RegExp(`\\b${name}\\b`).test(read(path)))
      expect(users, name).toEqual([home])
    }
  })

  it('a review request carries the configured link, never one stored with the row, and waits while none is set', async () => {
    const io = fakeIo()
    const forged = row('review_request', { payload: { reviewUrl: 'https://evil.example.net/' } })
    expect(await deliverOutboxRow(forged, io)).toBe('review request e-mailed to the customer')
    const [message] = io.sent
    expect(message!.to).toBe('wendy@example.com')
    expect(message!.replyTo).toBe('owner@example.com')
    expect(message!.text).toContain(REVIEW_URL)
    expect(message!.text).not.toContain('evil')
    expect(message!.messageId).toMatch(new RegExp(`^<review-${forged.outboxId}@`))

    for (const reviewUrl of [null, 'http://g.page/r/example-review']) {
      const unset = fakeIo({ reviewUrl })
      await expect(deliverOutboxRow(row('review_request'), unset)).rejects.toThrow(/GOOGLE_REVIEW_URL/)
      expect(unset.sent).toEqual([])
    }
  })

  it('a template this version does not know stays due, and is never sent', async () => {
    const io = fakeIo()
    await expect(deliverOutboxRow(row('owner_fax'), io)).rejects.toThrow(/no template owner_fax/)
    expect(io.sent).toEqual([])
  })

  // An expired sign-in link dropped unsent, a live one sent: owner-sessions.test.ts, "works for 15 minutes".
})
