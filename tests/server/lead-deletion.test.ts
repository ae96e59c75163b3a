/**
 * Deleting leads as the privacy notice promises (docs/decisions/043-lead-deletion.md), on the run's database: the
 * owner deletes one with its photos (folder or Supabase Storage) and unsent deliveries; a `remove_files` row in
 * the outbox finishes a removal that failed; the daily retention; `npm run leads -- delete` as a real process.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { pacificDate } from '../../app/platform/time/business-hours.server'
import type { Env } from '../../app/platform/config.server'
import { listInbox, updateLead } from '../../app/features/owner/inbox.server'
import { deleteLead, expireLeads } from '../../app/features/owner/leads.server'
import { startOwnerSocket } from '../../app/features/owner/owner-commands.server'
import type { TestSite } from '../support/test-site'
import {
  FILE_STORES,
  freshDatabaseUrl,
  rowsOf,
  storeTestLead,
  useFileStores,
  useCleanup,
  useSmtp,
  useTestSites,
  type TestSmtp,
} from './helpers'

const run = promisify(execFile)
const startSmtp = useSmtp()
const testSite = useTestSites()
const cleanup = useCleanup()
const fileStore = useFileStores()

/** A real SMTP server, and push keys, so each lead has several kinds of delivery waiting. */
async function deliveries(): Promise<{ smtp: TestSmtp; env: Env }> {
  const smtp = await startSmtp()
  const env = {
    SMTP_URL: smtp.url,
    OWNER_EMAIL: 'owner@example.com',
    VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
  }
  return { smtp, env }
}

/** Two photos where the photo upload puts them: lead-photos/<lead id>/ in the file store. */
async function addPhotos(site: TestSite, leadId: string): Promise<string[]> {
  const paths = [1, 2].map(() => `lead-photos/${leadId}/${randomBytes(16).toString('hex')}.jpg`)
  for (const path of paths) await site.files.put(path, new Uint8Array(randomBytes(100)), 'image/jpeg')
  return paths
}

/** Which of these files the store still holds. */
async function kept(site: TestSite, paths: string[]): Promise<string[]> {
  const found = await Promise.all(paths.map(async (path) => ((await site.files.get(path)) ? [path] : [])))
  return found.flat()
}

/** Each as `template key`. */
async function pendingDeliveries(site: TestSite, leadId: string): Promise<string[]> {
  const sql = `SELECT template || ' ' || key AS kind FROM outbox WHERE lead_id = $1 AND sent_at IS NULL ORDER BY 1`
  return (await rowsOf<{ kind: string }>(site, sql, [leadId])).map((row) => row.kind)
}

/** As if it had arrived `months` ago and nobody had touched it since. */
async function backdate(site: TestSite, leadId: string, months: number): Promise<void> {
  const sql = `UPDATE leads SET created_at = now() - make_interval(months => $2) WHERE id = $1`
  await rowsOf(site, sql, [leadId, months])
}

async function leadNames(site: TestSite): Promise<string[]> {
  const leads = await rowsOf<{ first_name: string }>(site, `SELECT first_name FROM leads ORDER BY first_name`)
  return leads.map((row) => row.first_name)
}

describe.each(FILE_STORES)('the owner deleting a lead whose photos are in %s', { timeout: 120_000 }, (storeName) => {
  it('removes its row and photos at once, and its unsent deliveries never go out; other leads stay', async () => {
    const { smtp, env } = await deliveries()
    const site = await testSite({ ...env, ...(await fileStore(storeName)).env })
    const db = site.db
    const ann = await storeTestLead(site, 'Ann')
    const bob = await storeTestLead(site, 'Bob')
    const annPhotos = await addPhotos(site, ann)
    const bobPhotos = await addPhotos(site, bob)
    const waiting = [
      'customer_acknowledgement acknowledgement',
      'owner_follow_up escalation',
      'owner_mail lead',
      'owner_push lead',
    ]
    expect(await pendingDeliveries(site, ann)).toEqual(waiting)

    expect(await deleteLead(db, ann, site.files, site.now())).toBe(true)

    // Before any worker runs.
    expect(await kept(site, annPhotos)).toEqual([])
    expect(await kept(site, bobPhotos)).toEqual(bobPhotos)
    expect((await listInbox(db)).map((lead) => lead.firstName)).toEqual(['Bob'])
    expect(await pendingDeliveries(site, ann)).toEqual([])
    expect(await pendingDeliveries(site, bob)).toEqual(waiting)
    await site.outbox.drain()
    const recipients = smtp.received.map((mail) => `${mail.rcptTo.join()} ${mail.mail.subject}`)
    expect(recipients.filter((line) => /Ann|ann@/.test(line))).toEqual([])
    expect(recipients.filter((line) => /Bob|bob@/.test(line))).toHaveLength(2)
    // Deleting it again says there was no such lead; one without photos goes as well.
    expect(await deleteLead(db, ann, site.files, site.now())).toBe(false)
    expect(await deleteLead(db, await storeTestLead(site, 'Cal'), site.files, site.now())).toBe(true)
  })
})

describe('a removal of photos that failed', { timeout: 120_000 }, () => {
  it('is finished by the remove_files row the deletion queued', async () => {
    const storage = await fileStore('the Supabase Storage stand-in')
    const standIn = storage.standIn!
    const site = await testSite(storage.env)
    const db = site.db
    const ann = await storeTestLead(site, 'Ann')
    const photos = await addPhotos(site, ann)

    standIn.failNext('storage is down')
    expect(await deleteLead(db, ann, site.files, site.now())).toBe(true)
    expect(await kept(site, photos)).toEqual(photos)
    const queued = `SELECT payload FROM outbox WHERE template = 'remove_files' AND sent_at IS NULL`
    expect(await rowsOf(site, queued)).toEqual([{ payload: { folder: `lead-photos/${ann}` } }])

    expect(await site.outbox.drain()).toMatchObject({ sent: 1, failed: 0 })
    expect(await kept(site, photos)).toEqual([])
    expect(standIn.buckets.get('lead-photos')?.objects.size).toBe(0)
  })
})

describe('the retention', { timeout: 120_000 }, () => {
  it('runs once per Pacific day, however many instances ask', async () => {
    const databaseUrl = await freshDatabaseUrl()
    const first = await testSite({}, { databaseUrl })
    const second = await testSite({}, { databaseUrl, dataDir: first.dataDir })
    const old = await storeTestLead(first, 'Old')
    const later = await storeTestLead(first, 'Later')
    await backdate(first, old, 25)
    const now = new Date()

    const [one, other] = await Promise.all([expireLeads(first.db, 24, now), expireLeads(second.db, 24, now)])
    expect([...one, ...other]).toEqual([old])
    // Past the retention since today's run: it waits for the next day's.
    await backdate(first, later, 25)
    expect(await expireLeads(second.db, 24, now)).toEqual([])
    expect(await leadNames(first)).toEqual(['Later'])
    // 36 hours: the next Pacific date even across the 25-hour day of a clock change.
    const tomorrow = new Date(now.getTime() + 36 * 3_600_000)
    expect(await expireLeads(first.db, 24, tomorrow)).toEqual([later])
    const runs = `SELECT day FROM daily_runs WHERE job = 'lead-retention' ORDER BY day`
    expect((await rowsOf<{ day: Date }>(first, runs)).map((row) => row.day.toISOString().slice(0, 10))).toEqual([
      pacificDate(now),
      pacificDate(tomorrow),
    ])
  })

  it('counts a status change as contact: a lead that arrived 25 months ago but was worked last week stays', async () => {
    const site = await testSite()
    const worked = await storeTestLead(site, 'Worked')
    await backdate(site, worked, 25)
    const db = site.db
    await updateLead(db, worked, { status: 'contacted', note: 'Called back' })

    expect(await expireLeads(db, 24, site.now())).toEqual([])
    expect(await leadNames(site)).toEqual(['Worked'])
  })

  it("is done by the outbox worker's run with LEAD_RETENTION_MONTHS, photos included", async () => {
    const site = await testSite({ LEAD_RETENTION_MONTHS: '12' })
    const old = await storeTestLead(site, 'Old')
    const recent = await storeTestLead(site, 'Recent')
    await backdate(site, old, 13)
    await backdate(site, recent, 11)
    const photos = await addPhotos(site, old)

    await site.outbox.runOnce()

    expect(await leadNames(site)).toEqual(['Recent'])
    expect(await pendingDeliveries(site, old)).toEqual([])
    expect(await kept(site, photos)).toEqual([])
  })
})

describe('npm run leads -- delete', { timeout: 180_000 }, () => {
  /** The owner's command as a real process on the site's DATA_DIR only: a running site must answer it. */
  const leadsCommand = (dataDir: string, ...args: string[]) => {
    const { DATABASE_URL: _, ...env } = process.env
    return run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/leads.ts', ...args], {
      env: { ...env, DATA_DIR: dataDir },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)
  }

  it('deletes a lead through the running site with its photos and deliveries, and says when there is none', async () => {
    const site = await testSite()
    const socket = await startOwnerSocket(site)
    cleanup.push(async () => socket?.close())
    const ann = await storeTestLead(site, 'Ann')
    await storeTestLead(site, 'Bob')
    const photos = await addPhotos(site, ann)

    const done = await leadsCommand(site.dataDir, 'delete', ann)
    expect(done.stderr).toContain(`Lead ${ann} is deleted, with its pending e-mails and its photos.`)
    expect(await leadNames(site)).toEqual(['Bob'])
    expect(await kept(site, photos)).toEqual([])
    expect(await pendingDeliveries(site, ann)).toEqual([])

    const again = await leadsCommand(site.dataDir, 'delete', ann)
    expect(again).toMatchObject({ code: 1 })
    expect(again.stderr).toContain(`No lead with id ${ann}`)
    const failed = await leadsCommand(site.dataDir, 'delete', '../../etc')
    expect(failed).toMatchObject({ code: 2 })
    expect(failed.stderr).toContain('not a lead id')
  })
})
