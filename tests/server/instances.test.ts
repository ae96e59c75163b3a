/**
 * Two production servers on one PostgreSQL, as a deployment with N instances: they migrate the empty database
 * together, and each lead's e-mail and push, each follow-up, each job's reminder and the daily retention happen
 * once between them. Real SMTP; the push service is the stand-in that checks the VAPID signature (tests/support).
 */
import { schemaFiles } from '../../app/platform/db/schema-files.server'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../app/platform/db/database.server'
import { phoneKeys, startPushService, subscriptionOf } from '../support/push-service'
import { savePushSubscription } from '../../app/platform/transport/push.server'
import { startSiteProcess, type SiteProcess } from '../support/site-process'
import { scheduleJob } from '../../app/features/quotes/quotes.server'
import { freshDatabaseUrl, outboxDrained, PUSH_ENV, rowsOf, startSmtp, type TestSmtp, VAPID } from './helpers'
import { acceptQuote, sendVersion } from './quote-helpers'

const LEADS = Array.from({ length: 20 }, (_, i) => `Lead${String(i + 1).padStart(2, '0')}`)
const phone = phoneKeys()

let smtp: TestSmtp
let push: Awaited<ReturnType<typeof startPushService>>
let db: Database
let env: Record<string, string>
let dataDirs: string[]
let sites: SiteProcess[]
/** Every lead posted, by first name. */
const posted: string[] = []

const startBoth = () => Promise.all(dataDirs.map((DATA_DIR) => startSiteProcess({ ...env, DATA_DIR })))
const rows = async <T = Record<string, unknown>>(sql: string) => await rowsOf<T>(db, sql)
const pushed = (start: string) =>
  push.delivered.map((delivered) => String(delivered.payload.title)).filter((title) => title.startsWith(start))
const leadMails = () =>
  smtp.received.map((received) => received.mail.subject ?? '').filter((subject) => subject.startsWith('New quote'))
/** Delivered and marked: nothing due is left, so whatever was to be sent by now has arrived. */
// The servers' outboxes claim by the same clock as this process.
const settled = () => outboxDrained({ db, now: () => new Date() }, 60_000)

/** The no-JavaScript form, its token from the other server's page: both sign with the database's key. */
async function postLead(to: SiteProcess, from: SiteProcess, firstName: string): Promise<void> {
  const page = await (await fetch(`${from.url}/contact`)).text()
  const formToken = page.match(/name="formToken" value="([^"]+)"/)?.[1] ?? 'none on the page'
  const response = await fetch(`${to.url}/quote-request`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: to.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      firstName,
      email: 'visitor@example.com',
      phone: '9165550101',
      sourcePage: '/contact',
      formToken,
    }),
  })
  expect(response.headers.get('location')).toMatch(/^\/quote-request\?status=sent/)
  posted.push(firstName)
}

/** A lead to each server kicks both workers at once, instead of waiting up to their 30 s poll. */
const wakeBoth = (round: string) =>
  Promise.all(sites.map((site, i) => postLead(site, sites[1 - i]!, `Wake${round}${i}`)))

/** Daily jobs come first in every outbox run: a server whose own log shows a delivery has done them. */
async function untilItDelivers(site: SiteProcess, i: number): Promise<void> {
  const delivered = () => site.stdout().includes('"msg":"lead e-mailed to the owner"')
  // Another instance may take a lead first: post another until this one sends one itself.
  const deliveredOrPost = async () => {
    if (delivered()) return true
    await postLead(site, site, `Run${i}x${posted.length}`)
    return false
  }
  await expect.poll(deliveredOrPost, { timeout: 30_000, interval: 2_000 }).toBe(true)
}

function expectEachLeadMailedAndPushedOnce() {
  expect(leadMails().sort()).toEqual(posted.map((name) => `New quote request from ${name}`).sort())
  expect(pushed('New quote request')).toHaveLength(posted.length)
  expect(push.refused).toEqual([])
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two site instances on one PostgreSQL (PostgreSQL only: a PGlite folder has one process by design)',
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      smtp = await startSmtp()
      push = await startPushService(phone, VAPID.publicKey)
      const databaseUrl = (await freshDatabaseUrl())!
      env = {
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        QUOTE_NOTIFY_EMAIL: 'owner@example.com',
        CUSTOMER_ACKNOWLEDGEMENT: 'off',
        QUOTE_MIN_FILL_MS: '0',
        QUOTE_RATE_LIMIT: '0',
        ...PUSH_ENV,
      }
      dataDirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'instances-test-'))))
      sites = await startBoth()
      db = await openDatabase({ dataDir: dataDirs[0]!, databaseUrl })
      await savePushSubscription(db, subscriptionOf(phone, push.endpoint))
    }, 180_000)

    afterAll(async () => {
      await Promise.all((sites ?? []).map((site) => site.stop()))
      await db?.close()
      await Promise.all([smtp?.close(), push?.stop()])
      await Promise.all((dataDirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })))
    })

    it('start together on an empty database: the baseline is applied and seeded once and both are ready', async () => {
      const names = schemaFiles.migrations.map((migration) => ({ name: migration.name }))
      expect(await rows('SELECT name FROM schema_migrations ORDER BY name')).toEqual(names)
      const seeded = 'SELECT count(*)::int AS reviews, count(DISTINCT author)::int AS authors FROM reviews'
      const [seed] = await rows<{ reviews: number; authors: number }>(seeded)
      expect(seed!.reviews).toBeGreaterThan(0)
      expect(seed!.reviews).toBe(seed!.authors)
      for (const site of sites) expect((await fetch(`${site.url}/readyz`)).status).toBe(200)
    })

    it('each lead sent to either server is stored once, e-mailed once and pushed once', async () => {
      await Promise.all(LEADS.map((name, i) => postLead(sites[i % 2]!, sites[(i + 1) % 2]!, name)))
      await settled()
      const stored = await rows<{ first_name: string; status: string }>(
        'SELECT first_name, status FROM leads ORDER BY first_name',
      )
      expect(stored).toEqual(LEADS.map((name) => ({ first_name: name, status: 'new' })))
      expectEachLeadMailedAndPushedOnce()
    })

    it('each timer fires once: the escalation of a lead still new, the reminders of a quoted one', async () => {
      await rowsOf(db, `UPDATE outbox SET next_attempt_at = now() WHERE key = 'escalation'`)
      await wakeBoth('A')
      await settled()
      expect(pushed('Still waiting')).toHaveLength(LEADS.length)

      await rowsOf(db, `UPDATE leads SET status = 'quoted' WHERE first_name LIKE 'Lead%'`)
      await rowsOf(db, `UPDATE outbox SET next_attempt_at = now() WHERE key LIKE 'quoted-%'`)
      await wakeBoth('B')
      await settled()
      const reminders = LEADS.flatMap((name) => [2, 7].map((days) => `Follow up with ${name}: quoted ${days} days ago`))
      expect(pushed('Follow up').sort()).toEqual(reminders.sort())
      expect(pushed('Still waiting')).toHaveLength(LEADS.length)
      expectEachLeadMailedAndPushedOnce()
    })

    it("each job's day-before reminder goes once between them", async () => {
      // The owner's calls on the shared database, as either instance makes them.
      const owner = { db, now: () => new Date() }
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(Date.now() + 3 * 864e5)
      const jobs = LEADS.slice(0, 5)
      const ids = await rows<{ id: string }>(
        `SELECT id FROM leads WHERE first_name IN (${jobs.map((name) => `'${name}'`).join(', ')})`,
      )
      for (const { id } of ids) {
        await sendVersion(owner, { lead: id })
        expect(await acceptQuote(owner, id)).toBe('accepted')
        expect(await scheduleJob(db, { lead: id, day, start: '08:00', end: '10:00' }, new Date())).toBe('scheduled')
      }
      await rowsOf(db, `UPDATE outbox SET next_attempt_at = now() WHERE template = 'job_reminder'`)
      await wakeBoth('J')
      await settled()
      const reminders = smtp.received.filter((received) => received.mail.subject?.startsWith('Reminder: we come'))
      expect(reminders).toHaveLength(jobs.length)
      expectEachLeadMailedAndPushedOnce()
    })

    it('the daily retention runs once between them', async () => {
      // Each process asks for a day's jobs once: a new day here is a restart with that day unclaimed.
      await Promise.all(sites.map((site) => site.stop()))
      await rowsOf(
        db,
        `INSERT INTO leads (first_name, email, phone, idempotency_key, created_at)
        SELECT 'Old' || i, 'old@example.com', '916-555-0101', 'old-lead-' || i, now() - interval '30 months'
          FROM generate_series(1, 3) AS i`,
      )
      await rowsOf(db, `DELETE FROM daily_runs WHERE job = 'lead-retention'`)
      sites = await startBoth()
      await Promise.all(sites.map(untilItDelivers))
      await settled()

      expect(await rows(`SELECT first_name FROM leads WHERE first_name LIKE 'Old%'`)).toEqual([])
      expect(await rows('SELECT count(*)::int AS n FROM leads')).toEqual([{ n: posted.length }])
      expect(await rows(`SELECT job FROM daily_runs WHERE job = 'lead-retention'`)).toEqual([{ job: 'lead-retention' }])
      const deleted = sites.filter((site) => site.stdout().includes('deleted leads past their retention'))
      expect(deleted).toHaveLength(1)
      expectEachLeadMailedAndPushedOnce()
    })
  },
)
