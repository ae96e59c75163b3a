/**
 * One implementation per write, typed from the table to the tap (docs/decisions/042, 054, 061): a write that spans
 * rows is a TypeScript transaction over the generated schema, so no SQL function the site calls takes JSON; a lead's
 * deliveries are queued by storeLead alone; each outbox template is defined once, by the feature whose rows it sends.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { storeLead } from '../../app/features/leads/store-lead.server'
import { setLeadStatus } from '../../app/features/owner/leads.server'
import { registeredTemplates, templateNamed } from '../../app/platform/outbox/outbox.server'
import { leadSettings, NOTIFY_ADDRESS, rowsOf, storeTestLead, testLead, useMailingSites, useTestSites } from './helpers'

const openSite = useTestSites()
const mailingSite = useMailingSites()
const APP = new URL('../../app/', import.meta.url).pathname
const MIGRATIONS = new URL('../../supabase/migrations/', import.meta.url).pathname
const read = (path: string) => readFileSync(join(APP, path), 'utf8')

/** Every source file of the site, by its path under app/. */
const appFiles = (readdirSync(APP, { recursive: true }) as string[]).filter((path) => /\.tsx?$/.test(path))

describe('writes', { timeout: 120_000 }, () => {
  it('no SQL function the site calls takes JSON: a write that spans rows is a typed TypeScript transaction', async () => {
    const called = new Set(appFiles.flatMap((path) => [...read(path).matchAll(/public\.(\w+)\(/g)].map((m) => m[1]!)))
    expect(called).toContain('hit_rate_limit')
    const { db } = await openSite()
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
    const site = await openSite(env)
    const queued = `SELECT template, key FROM public.outbox WHERE lead_id = $1 ORDER BY template, key`
    const messagesOf = async (id: string) =>
      (await rowsOf<{ template: string; key: string }>(site, queued, [id])).map((row) => `${row.template} ${row.key}`)
    const store = (lead: ReturnType<typeof testLead>) => storeLead(site.db, lead, leadSettings(site))
    return { site, messagesOf, store }
  }

  it('keeps the visitor hash and queues a delivery per configured message; spam queues none until a clean retry rescues it, once', async () => {
    const vapid = webpush.generateVAPIDKeys()
    const { site, messagesOf, store } = await open({
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    })
    const everyMessage = [
      'customer_acknowledgement acknowledgement',
      'lead_webhook lead',
      'owner_follow_up escalation',
      'owner_mail lead',
      'owner_push lead',
    ]
    const hana = testLead('Hana', { ipHash: 'a'.repeat(64) })
    const stored = await store(hana)
    expect(stored).toEqual({ id: expect.any(String), duplicate: false })
    expect(await messagesOf(stored.id)).toEqual(everyMessage)
    const lead = `SELECT ip_hash, status, spam_reason FROM public.leads WHERE id = $1`
    expect(await rowsOf(site, lead, [stored.id])).toEqual([
      { ip_hash: 'a'.repeat(64), status: 'new', spam_reason: null },
    ])
    // The same key again, even at once, is the same lead, with nothing queued twice.
    const again = await Promise.all([store(hana), store(hana)])
    expect(again).toEqual([stored, stored].map(({ id }) => ({ id, duplicate: true })))
    expect(await messagesOf(stored.id)).toEqual(everyMessage)

    const suspect = testLead('Sam', { spamReason: 'too-fast:900ms' })
    const flagged = await store(suspect)
    expect(await messagesOf(flagged.id)).toEqual([])
    expect(await store(suspect)).toEqual({ id: flagged.id, duplicate: true })
    expect(await messagesOf(flagged.id)).toEqual([])
    const cleanRetry = { ...suspect, spamReason: null }
    expect(await store(cleanRetry)).toEqual({ id: flagged.id, duplicate: false })
    expect(await messagesOf(flagged.id)).toEqual(everyMessage)
    expect(await rowsOf(site, lead, [flagged.id])).toEqual([{ ip_hash: null, status: 'new', spam_reason: null }])
    // The same form once more: one lead, no second delivery.
    expect(await store(cleanRetry)).toEqual({ id: flagged.id, duplicate: true })
    expect(await messagesOf(flagged.id)).toEqual(everyMessage)
    expect(await rowsOf(site, `SELECT count(*)::int AS leads FROM public.leads`)).toEqual([{ leads: 2 }])

    // Every row goes on its template's channel, the status trigger's quote reminders too.
    await setLeadStatus(site.db, stored.id, 'quoted')
    const rows = await rowsOf<{ template: string; key: string; channel: string }>(
      site,
      'SELECT template, key, channel FROM outbox',
    )
    expect(rows.map((row) => `${row.template} ${row.key}`)).toEqual(
      expect.arrayContaining(['owner_follow_up quoted-2d', 'owner_follow_up quoted-7d']),
    )
    for (const row of rows) expect(row.channel, row.template).toBe(templateNamed(row.template)?.channel)
  })

  it("queues only the owner's and the customer's e-mails when no webhook or push is configured", async () => {
    const { messagesOf, store } = await open()
    expect(await messagesOf((await store(testLead('Olga'))).id)).toEqual([
      'customer_acknowledgement acknowledgement',
      'owner_mail lead',
    ])
    const off = await open({ CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    expect(await off.messagesOf((await off.store(testLead('Quinn'))).id)).toEqual(['owner_mail lead'])
  })
})

/** Where each template is defined: `outboxTemplate('<name>'` in a file, and the name it is exported as. */
const definitions = appFiles.flatMap((path) =>
  [...read(path).matchAll(/export const (\w+) = outboxTemplate\('(\w+)'/g)].map(([, binding, name]) => ({
    path,
    binding: binding!,
    name: name!,
  })),
)

describe('outbox templates (decision 061)', () => {
  // The message kinds are many; a template is only for what must be decided as it is sent. Twelve at most.
  const MOST = 12

  it('every template is registered once, at most 12, by the feature that enqueues it', () => {
    const registered = registeredTemplates().map((template) => template.name)
    expect(registered.length).toBeLessThanOrEqual(MOST)
    // Each defined in one place, and each definition registered: none defined where the worker would not load it.
    const defined = definitions.map((definition) => definition.name)
    expect(new Set(defined).size).toBe(defined.length)
    const calls = appFiles.flatMap((path) => [...read(path).matchAll(/outboxTemplate\(\s*['"`]/g)])
    expect(calls).toHaveLength(defined.length)
    expect([...registered].sort()).toEqual([...defined].sort())
    const generic = definitions.filter((definition) => definition.path.startsWith('platform/'))
    expect(generic.map((definition) => definition.name).sort()).toEqual([
      'customer_mail',
      'owner_mail',
      'owner_push',
      'remove_files',
    ])
    // A feature's own: in its `<feature>.outbox.server.ts` (app/server.ts loads them by that name), queued by its
    // own file, by the code that imports it from there, or by the database's status trigger.
    const migrations = readdirSync(MIGRATIONS).map((file) => readFileSync(join(MIGRATIONS, file), 'utf8'))
    for (const { path, binding, name } of definitions.filter((definition) => !generic.includes(definition))) {
      expect(path, name).toMatch(/^features\/([\w-]+)\/\1\.outbox\.server\.ts$/)
      const from = path.replace(/^features\/[\w-]+\//, '').replace(/\.ts$/, '')
      const imported = new RegExp(`import \\{[^}]*\\b${binding}\\b[^}]*\\} from '[^']*/${from}'`)
      const enqueuedThere = new RegExp(`enqueue\\(\\w+, ${binding}\\b`)
      const queuing = appFiles.filter((file) => (file === path ? enqueuedThere : imported).test(read(file)))
      const triggered = migrations.some((text) => new RegExp(`INSERT INTO public\\.outbox[^;]*'${name}'`).test(text))
      expect(queuing.length > 0 || triggered, `${name} is never queued`).toBe(true)
    }
  })

  it('no module sends a template of its own accord: none dispatches on a template name', () => {
    for (const { name } of definitions) {
      const branch = new RegExp(`template\\s*[!=]==\\s*'${name}'|kind\\s*[!=]==\\s*'${name}'|case '${name}'`)
      for (const path of appFiles) expect(read(path), `${path} dispatches ${name}`).not.toMatch(branch)
    }
  })

  // The review request's link is the configuration's, written into the e-mail as it is queued: owner-inbox.test.ts.
  it('a row of a template this version does not know stays due and is never sent, while the others go', async () => {
    const { site, smtp } = await mailingSite()
    await rowsOf(site, `INSERT INTO outbox (template, channel, payload) VALUES ('owner_fax', 'owner_mail', $1)`, [
      JSON.stringify({ subject: 'Faxed', text: 'A fax' }),
    ])
    await storeTestLead(site, 'Uma')
    await site.outbox.drain(3)
    // The positive signal: the lead's own e-mail went.
    expect(smtp.received.map(({ mail, rcptTo }) => [rcptTo, mail.subject])).toEqual([
      [[NOTIFY_ADDRESS], 'New quote request from Uma'],
    ])
    expect(await rowsOf(site, `SELECT sent_at, last_error FROM outbox WHERE template = 'owner_fax'`)).toEqual([
      { sent_at: null, last_error: 'no template owner_fax in this version' },
    ])
  })
})
