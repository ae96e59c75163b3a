/**
 * The owner's commands (`npm run leads`, `backup`, `video`) on the run's database: one path, answered by a
 * running site on its socket or by the database itself, with the same answers; the socket's permissions; what
 * only PGlite's folder has (its lock, backups and restores of it).
 */
import { mkdirSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { describe, expect, it } from 'vitest'
import { leadSource } from '../../app/features/leads/lead-source'
import { cachedFeaturedVideo } from '../../app/features/reviews/backend.functions'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import { DatabaseCommandError } from '../../app/platform/db/database.server'
import { LOCK_FILE, lockDataFolder } from '../../app/platform/db/data-folder-lock.server'
import { updateLead } from '../../app/features/owner/inbox.server'
import { csvCell } from '../../app/platform/http/owner-files.server'
import { CSV_COLUMNS, leadsCsv, parseSince } from '../../app/features/owner/leads.server'
import { ownerSocketPath, startOwnerSocket } from '../../app/features/owner/owner-commands.server'
import { restoreDatabase } from '../../scripts/backup-files'
import { OwnerCommandError, runOwnerCommandOn } from '../../scripts/owner-command'
import { startSiteProcess } from '../support/site-process'
import type { TestSite } from '../support/test-site'
import {
  migratedSiteData,
  rowsOf,
  storeTestLead,
  useCleanup,
  useSiteServing,
  useTempDirs,
  useTestSites,
} from './helpers'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const tempDir = useTempDirs()
const cleanup = useCleanup()
const testSite = useTestSites()
const serveAsSite = useSiteServing()
const NO_LEAD = '00000000-0000-4000-8000-000000000000'

/** A site's folder and database, and the configuration a command run there reads. */
async function siteFolder() {
  const { dataDir, databaseUrl } = await migratedSiteData(await tempDir())
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
  return { env, config: parseRuntimeConfig(env), open: () => testSite(env, { dataDir, databaseUrl }) }
}

/** The site's owner socket, as a running site serves it, closed after the test. */
async function serveOwnerSocket(site: TestSite) {
  const socket = await startOwnerSocket(site)
  cleanup.push(async () => socket?.close())
  return socket
}

/** What a failed command says, as `npm run` prints it. */
const refusal = (error: Error) => `${error.name}: ${error.message}`

type CsvLead = Parameters<typeof leadsCsv>[0][number]

describe('the lead list as CSV', () => {
  /** Ann's lead with every column the CSV writes empty unless it says. */
  const base: CsvLead = {
    ...(Object.fromEntries(CSV_COLUMNS.map((column) => [column, null])) as CsvLead),
    id: '00000000-0000-4000-8000-000000000001',
    created_at: new Date('2026-11-22T17:00:00.000Z'),
    first_name: 'Ann',
    email: 'ann@example.com',
    phone: '916-555-0101',
    status: 'new',
    source_page: '/contact',
  }
  // A lead from before its source was kept: the nine source columns are empty.
  const noSource = ',,,,,,,,,'

  it('has a header row, then one line per lead, with the spam reason where there is one', () => {
    const csv = leadsCsv([base, { ...base, first_name: 'Bot', status: 'suspected_spam', spam_reason: 'honeypot' }])
    expect(csv.split('\r\n')).toEqual([
      'created_at,first_name,email,phone,service_street,service_zip,preferred_time,outside_area,status,source_page,spam_reason,id,' +
        'source_channel,heard_about,landing_path,referrer_host,source_tags,job_value_cents,contacted_at,quoted_at,won_at',
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,,,,,new,/contact,,${base.id}${noSource}`,
      `2026-11-22T17:00:00.000Z,Bot,ann@example.com,916-555-0101,,,,,suspected_spam,/contact,honeypot,${base.id}${noSource}`,
      '',
    ])
  })

  it('gives where the lead came from, its tags as one JSON cell, and the job value in cents', () => {
    const csv = leadsCsv([
      {
        ...base,
        status: 'won',
        source_channel: 'google_business_profile',
        heard_about: 'google-maps',
        landing_path: '/city/folsom',
        referrer_host: 'www.google.com',
        source_tags: { utm_source: 'gbp', utm_medium: 'organic' },
        job_value_cents: 125050,
        contacted_at: new Date('2026-11-22T18:00:00.000Z'),
        quoted_at: new Date('2026-11-22T18:00:00.000Z'),
        won_at: new Date('2026-11-23T18:00:00.000Z'),
      },
    ])
    expect(csv.split('\r\n')[1]).toBe(
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,,,,,won,/contact,,${base.id},` +
        'google_business_profile,google-maps,/city/folsom,www.google.com,"{""utm_source"":""gbp"",""utm_medium"":""organic""}",' +
        '125050,2026-11-22T18:00:00.000Z,2026-11-22T18:00:00.000Z,2026-11-23T18:00:00.000Z',
    )
  })

  it('gives the service address, the preferred time and "yes" or "no" for outside the usual area', () => {
    const away = { service_street: '12 Oak St, Apt 4', service_zip: '95814', preferred_time: 'morning' } as const
    const csv = leadsCsv([
      { ...base, ...away, outside_area: true },
      { ...base, service_zip: '95630-1234', outside_area: false },
    ])
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,"12 Oak St, Apt 4",95814,morning,yes,new,/contact,,${base.id}${noSource}`,
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,,95630-1234,,no,new,/contact,,${base.id}${noSource}`,
    ])
  })

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('Smith, "Jr"')).toBe('"Smith, ""Jr"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    // Quoted as well as defused: a spreadsheet that splits on ; would otherwise see a new cell start.
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`)
    expect(csvCell('Ann=1')).toBe('Ann=1')
    expect(csvCell('Ann; =HYPERLINK("x")')).toBe('"Ann; =HYPERLINK(""x"")"')
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell(null)).toBe('')
  })

  it('reads --since as an age or a date', () => {
    const now = new Date('2026-11-22T12:00:00.000Z')
    expect(parseSince('7d', now)).toBe('2026-11-15T12:00:00.000Z')
    expect(parseSince('24h', now)).toBe('2026-11-21T12:00:00.000Z')
    expect(parseSince('2026-11-01', now)).toBe('2026-11-01T00:00:00.000Z')
    expect(() => parseSince('last week', now)).toThrow(/--since takes an age like 7d/)
  })
})

describe("the owner's commands", { timeout: 180_000 }, () => {
  it('answer alike through a running site and from the database itself', async () => {
    const { env, config, open } = await siteFolder()
    const seeding = await open()
    const ann = await storeTestLead(seeding, 'Ann', {
      street: '12 Oak St',
      zip: '95814',
      preferredTime: 'afternoon',
      outsideArea: true,
    })
    const bot = await storeTestLead(seeding, 'Bot', { spamReason: 'honeypot' })
    const cal = await storeTestLead(seeding, 'Cal', { source: leadSource({ tags: { gclid: 'EAIaIQ-test-click' } }) })
    const dee = await storeTestLead(seeding, 'Dee')
    await updateLead(seeding.db, cal, { status: 'won', note: '', jobValueCents: 125050 })
    await seeding.close()

    // All a command is told is DATA_DIR: only the site can answer it (it holds PGlite's folder; on PostgreSQL the
    // command alone would find no database there).
    const site = await startSiteProcess(env)
    cleanup.push(site.stop)
    const throughSite = parseRuntimeConfig({ DATA_DIR: env.DATA_DIR })
    const contacted = { id: ann, status: 'contacted' }
    expect(await runOwnerCommandOn(throughSite, 'status', contacted)).toEqual(contacted)
    expect(await runOwnerCommandOn(throughSite, 'delete', { id: dee })).toBe(true)
    expect(await runOwnerCommandOn(throughSite, 'video', { url: 'https://videos.example.com/deck.mp4' })).toBe(
      'pressure_washing_videos',
    )

    /** Everything that reads or finds nothing to change. */
    const answers = async (commandConfig: typeof config) => {
      const ask = <C extends Parameters<typeof runOwnerCommandOn>[1]>(command: C, args?: object) =>
        runOwnerCommandOn(commandConfig, command, args)
      return {
        list: await ask('list'),
        spam: (await ask('list', { status: 'suspected_spam' })).map((lead) => lead.first_name),
        conversions: await ask('conversions'),
        noLead: [await ask('status', { id: NO_LEAD, status: 'won' }), await ask('delete', { id: NO_LEAD })],
        badId: await ask('delete', { id: '../../etc' }).catch(refusal),
        badStatus: await ask('status', { id: ann, status: 'done' }).catch(refusal),
        badSince: await ask('list', { since: 'last week' }).catch(refusal),
        // A gzipped copy of PGlite's folder, or on PostgreSQL the refusal the tests below read.
        backup: await ask('backup').then(
          (bytes) => (bytes[0] === 0x1f && bytes[1] === 0x8b ? 'gzip' : 'other'),
          refusal,
        ),
      }
    }
    const fromSite = await answers(throughSite)
    await site.stop()
    expect(await answers(config)).toEqual(fromSite)

    expect(fromSite.list.map((lead) => [lead.first_name, lead.status, lead.spam_reason])).toEqual([
      ['Cal', 'won', null],
      ['Bot', 'suspected_spam', 'honeypot'],
      ['Ann', 'contacted', null],
    ])
    expect(fromSite.list[2]).toMatchObject({
      service_street: '12 Oak St',
      service_zip: '95814',
      preferred_time: 'afternoon',
      outside_area: true,
    })
    expect(leadsCsv(fromSite.list).split('\r\n')[1]).toContain(',125050,')
    expect(fromSite.spam).toEqual(['Bot'])
    expect(fromSite.conversions).toEqual([
      { id: cal, gclid: 'EAIaIQ-test-click', wonAt: expect.any(String), jobValueCents: 125050 },
    ])
    expect(fromSite.noLead).toEqual([null, false])
    expect(fromSite.badId).toBe('LeadRequestError: not a lead id: "../../etc" (the id column of the list)')
    expect(fromSite.badStatus).toMatch(/^LeadRequestError: status must be one of new, suspected_spam, /)
    expect(fromSite.badSince).toMatch(/^LeadRequestError: --since takes an age like 7d/)

    // And the database itself changes what the site did.
    const archived = { id: bot, status: 'archived' }
    expect(await runOwnerCommandOn(config, 'status', archived)).toEqual(archived)
    const video = { table: 'service_videos', url: '/videos/wash.webm', mime: 'video/webm' }
    expect(await runOwnerCommandOn(config, 'video', video)).toBe('service_videos')
    expect((await runOwnerCommandOn(config, 'list', { status: 'archived' })).map((lead) => lead.id)).toEqual([bot])
  })

  it('set and clear the featured video the home page and /services read', async () => {
    const { config, open } = await siteFolder()
    const site = await open()
    serveAsSite(site)
    await serveOwnerSocket(site)
    await site.db.ready()

    await runOwnerCommandOn(config, 'video', { url: 'https://videos.example.com/old.mp4' })
    await runOwnerCommandOn(config, 'video', { url: 'https://videos.example.com/deck.mp4' })
    await runOwnerCommandOn(config, 'video', { table: 'service_videos', url: '/videos/wash.webm', mime: 'video/webm' })
    expect(await cachedFeaturedVideo('pressure_washing_videos')).toMatchObject({
      video_url: 'https://videos.example.com/deck.mp4',
      mime_type: 'video/mp4',
    })

    await runOwnerCommandOn(config, 'video', { table: 'service_videos', url: '' })
    const featured = await rowsOf(
      site,
      `SELECT 'home' AS page, video_url FROM pressure_washing_videos WHERE is_featured
       UNION ALL SELECT 'services', video_url FROM service_videos WHERE is_featured`,
    )
    expect(featured).toEqual([{ page: 'home', video_url: 'https://videos.example.com/deck.mp4' }])
    await expect(runOwnerCommandOn(config, 'video', { url: 'javascript:alert(1)' })).rejects.toThrow(
      'Not a video address: javascript:alert(1)',
    )
    await expect(runOwnerCommandOn(config, 'video', { url: '/a.mp4', mime: 'text/html' })).rejects.toThrow(
      'Not a video type: text/html',
    )
  })

  it('open the database themselves when a closing site accepts a connection and drops it', async () => {
    const { config, open } = await siteFolder()
    const site = await open()
    await storeTestLead(site, 'Ann')
    await site.close()
    // What a closing site does to a new connection: accepts it and drops it at once.
    mkdirSync(join(config.dataDir, 'owner'))
    const closing = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => closing.listen(ownerSocketPath(config.dataDir), resolve))
    cleanup.push(() => new Promise((resolve) => closing.close(() => resolve())))
    expect((await runOwnerCommandOn(config, 'list')).map((lead) => lead.first_name)).toEqual(['Ann'])
  })

  // Served only to the user the site runs as (socket 0600 in a 0700 folder, another user refused):
  // e2e/owner.spec.ts and e2e/private-files.spec.ts.
  it.skipIf(!onPostgres)('on PostgreSQL only: backup and restore say to use the database’s own tools', async () => {
    const { config, open } = await siteFolder()
    await storeTestLead(await open(), 'Ann')
    await expect(runOwnerCommandOn(config, 'backup')).rejects.toThrow(DatabaseCommandError)
    await expect(runOwnerCommandOn(config, 'backup')).rejects.toThrow(
      /back the database up with its own tools \(pg_dump/,
    )
    const restoring = restoreDatabase(config, new Uint8Array([0x1f, 0x8b]), true)
    await expect(restoring).rejects.toThrow(DatabaseCommandError)
    await expect(restoring).rejects.toThrow(/restore a PostgreSQL database with its own tools \(pg_restore/)
  })
})

/** Whether another process would find the data folder held: its lock there and touched within the stale time. */
const folderHeld = (dataDir: string) =>
  lockfile.check(dataDir, { lockfilePath: join(dataDir, LOCK_FILE), realpath: false })

/**
 * Resolves once the folder's lock reads as held. The kernel dates the lock's new folder by the real clock, which a
 * clock moved ahead (faketime, scripts/test.ts) reads as stale until the holder first touches it, 2 s later.
 */
const heldAsOthersSeeIt = (dataDir: string) => expect.poll(() => folderHeld(dataDir), { timeout: 5_000 }).toBe(true)

// PGlite only: PostgreSQL has no folder, lock or file backup.
describe.skipIf(onPostgres)("PGlite's folder, its lock and its file backups", { timeout: 180_000 }, () => {
  it('a command waits for a folder held without a socket, refuses it, and holds it only while it runs', async () => {
    const { config, open } = await siteFolder()
    const site = await open()
    await storeTestLead(site, 'Ann')
    await site.close()
    // The data folder's lock, as a process too old to answer on the socket holds it.
    const release = await lockDataFolder(config.dataDir, 0)
    await heldAsOthersSeeIt(config.dataDir)
    await expect(runOwnerCommandOn(config, 'list', {}, 1_000)).rejects.toThrow(OwnerCommandError)
    await expect(runOwnerCommandOn(config, 'list', {}, 0)).rejects.toThrow(
      /is held by a process that does not answer on its socket/,
    )
    await release()
    expect((await runOwnerCommandOn(config, 'list')).map((lead) => lead.first_name)).toEqual(['Ann'])
    expect(await folderHeld(config.dataDir)).toBe(false)
  })

  it('a command refuses a data folder that holds no database yet, rather than creating one', async () => {
    const config = parseRuntimeConfig({ DATA_DIR: await tempDir() })
    await expect(runOwnerCommandOn(config, 'list', {}, 0)).rejects.toThrow(/No database in .*start the site once/)
  })

  it('restore refuses a running site, and a folder with a database unless forced (keeping the old one)', async () => {
    const { config, open } = await siteFolder()
    const running = await open()
    const socket = await serveOwnerSocket(running) // a running site answering its owner socket
    await storeTestLead(running, 'Old')
    const backup = await runOwnerCommandOn(config, 'backup')
    await heldAsOthersSeeIt(config.dataDir)
    await expect(restoreDatabase(config, backup, true)).rejects.toThrow(/A process is using .*stop the site/)
    await socket?.close()
    await running.close()

    await expect(restoreDatabase(config, backup, false)).rejects.toThrow(/already holds a database.*--force/)
    await expect(restoreDatabase(config, new Uint8Array([1, 2, 3]), true)).rejects.toThrow(DatabaseCommandError)
    const report = await restoreDatabase(config, backup, true)
    expect(report.leads).toBe(1)
    expect(report.setAside).toMatch(/pglite\.before-restore-/)
    expect(statSync(`${report.setAside}/PG_VERSION`).isFile()).toBe(true)
  })
})
