/**
 * The owner's lead list and backups against a real PGlite: through the open backend's Unix socket (as while
 * the site runs) and from the folder under the writer lock (as while it is stopped); socket permissions.
 */
import { execFile } from 'node:child_process'
import { chmodSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import lockfile from 'proper-lockfile'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { LOCK_FILE } from '../../app/server/backend/data-folder-lock.server'
import { csvCell, leadsCsv, parseSince, type OwnerLead } from '../../app/server/owner/leads.server'
import {
  openEmbeddedLeadStore,
  OwnerCommandError,
  restoreDatabase,
  type LeadStore,
} from '../../app/server/owner/owner-client.server'
import { ownerSocketPath, serveOwnerSocket } from '../../app/server/owner/owner-socket.server'
import { useTempDirs, testLead } from './helpers'
import { parseRuntimeConfig } from '../../app/server/config.server'

const run = promisify(execFile)
const tempDir = useTempDirs()
const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close()
})

function site(dataDir: string): EmbeddedBackend {
  const backend = createEmbeddedBackend({ config: parseRuntimeConfig({}), dataDir })
  serveOwnerSocket(backend)
  opened.push(backend)
  return backend
}

async function store(dataDir: string, waitMs?: number): Promise<LeadStore> {
  const leads = await openEmbeddedLeadStore(dataDir, waitMs)
  opened.push(leads)
  return leads
}

describe('the lead list as CSV', () => {
  const base: OwnerLead = {
    id: '00000000-0000-4000-8000-000000000001',
    created_at: '2026-11-22T17:00:00.000Z',
    first_name: 'Ann',
    email: 'ann@example.com',
    phone: '916-555-0101',
    status: 'new',
    source_page: '/contact',
    spam_reason: null,
    service_street: null,
    service_zip: null,
    preferred_time: null,
    outside_area: null,
    source_channel: null,
    heard_about: null,
    landing_path: null,
    referrer_host: null,
    source_tags: null,
    job_value: null,
    contacted_at: null,
    quoted_at: null,
    won_at: null,
  }
  // A lead from before its source was kept: the nine source columns are empty.
  const noSource = ',,,,,,,,,'

  it('has a header row, then one line per lead, with the spam reason where there is one', () => {
    const csv = leadsCsv([base, { ...base, first_name: 'Bot', status: 'suspected_spam', spam_reason: 'honeypot' }])
    expect(csv.split('\r\n')).toEqual([
      'created_at,first_name,email,phone,service_street,service_zip,preferred_time,outside_area,status,source_page,spam_reason,id,' +
        'source_channel,heard_about,landing_path,referrer_host,source_tags,job_value,contacted_at,quoted_at,won_at',
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,,,,,new,/contact,,${base.id}${noSource}`,
      `2026-11-22T17:00:00.000Z,Bot,ann@example.com,916-555-0101,,,,,suspected_spam,/contact,honeypot,${base.id}${noSource}`,
      '',
    ])
  })

  it('gives where the lead came from, its tags as one JSON cell, and the job value with its cents', () => {
    const csv = leadsCsv([
      {
        ...base,
        status: 'won',
        source_channel: 'google_business_profile',
        heard_about: 'google-maps',
        landing_path: '/city/folsom',
        referrer_host: 'www.google.com',
        source_tags: { utm_source: 'gbp', utm_medium: 'organic' },
        job_value: 1250.5,
        contacted_at: '2026-11-22T18:00:00.000Z',
        quoted_at: '2026-11-22T18:00:00.000Z',
        won_at: '2026-11-23T18:00:00.000Z',
      },
    ])
    expect(csv.split('\r\n')[1]).toBe(
      `2026-11-22T17:00:00.000Z,Ann,ann@example.com,916-555-0101,,,,,won,/contact,,${base.id},` +
        'google_business_profile,google-maps,/city/folsom,www.google.com,"{""utm_source"":""gbp"",""utm_medium"":""organic""}",' +
        '1250.50,2026-11-22T18:00:00.000Z,2026-11-22T18:00:00.000Z,2026-11-23T18:00:00.000Z',
    )
  })

  it('gives the service address, the preferred time and "yes" or "no" for outside the usual area', () => {
    const away = { service_street: '12 Oak St, Apt 4', service_zip: '95814', preferred_time: 'morning' }
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
    for (const start of ['+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`)
    expect(csvCell('Ann=1')).toBe('Ann=1')
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

describe('the owner reaching the leads', { timeout: 120_000 }, () => {
  it('while the site runs, lists its leads and changes a status through the site, never opening the folder', async () => {
    const dataDir = await tempDir()
    const running = site(dataDir)
    await running.submitQuote(
      testLead('Ann', { street: '12 Oak St', zip: '95814', preferredTime: 'afternoon', outsideArea: true }),
    )
    await running.submitQuote(testLead('Bot', { status: 'suspected_spam', spamReason: 'honeypot' }))

    const owner = await store(dataDir)
    expect(owner.via).toBe('site')
    const leads = await owner.list({})
    expect(leads.map((l) => [l.first_name, l.status, l.spam_reason])).toEqual(
      expect.arrayContaining([
        ['Ann', 'new', null],
        ['Bot', 'suspected_spam', 'honeypot'],
      ]),
    )
    expect((await owner.list({ status: 'new' })).map((l) => l.first_name)).toEqual(['Ann'])

    const ann = leads.find((l) => l.first_name === 'Ann')!
    expect(ann).toMatchObject({
      service_street: '12 Oak St',
      service_zip: '95814',
      preferred_time: 'afternoon',
      outside_area: true,
    })
    expect(leads.find((l) => l.first_name === 'Bot')).toMatchObject({
      service_street: null,
      service_zip: null,
      preferred_time: null,
      outside_area: null,
    })
    expect(await owner.setStatus(ann.id, 'contacted')).toEqual({ id: ann.id, status: 'contacted' })
    const db = await running.db()
    const stored = await db.query<{ status: string }>('SELECT status FROM quote_requests WHERE id = $1', [ann.id])
    expect(stored.rows).toEqual([{ status: 'contacted' }])
    expect(await owner.setStatus('00000000-0000-4000-8000-000000000000', 'won')).toBeNull()
  })

  it('serves the socket only to the user the site runs as: folder 0700, socket 0600, another user refused', async () => {
    const dataDir = await tempDir()
    const running = site(dataDir)
    await running.submitQuote(testLead('Private'))
    const socket = ownerSocketPath(dataDir)
    expect(statSync(socket).mode & 0o777).toBe(0o600)
    expect(statSync(`${dataDir}/owner`).mode & 0o777).toBe(0o700)
    // The data folder itself open to all, so only the socket's own folder and mode stand in the way.
    chmodSync(dataDir, 0o755)
    if (process.getuid?.() !== 0) return // only root can start a process as another user
    const probe = `require('http').get({ socketPath: ${JSON.stringify(socket)}, path: '/leads' }, (r) => {
      let b = ''; r.on('data', (c) => (b += c)); r.on('end', () => console.log('ANSWERED', r.statusCode, b))
    }).on('error', (e) => console.log('REFUSED', e.code))`
    const { stdout } = await run(process.execPath, ['-e', probe], { uid: 65534, gid: 65534 })
    expect(stdout.trim()).toBe('REFUSED EACCES')
    expect(stdout).not.toContain('Private')
  })

  it("with the site stopped, opens the folder under the site's writer lock and releases it when done", async () => {
    const dataDir = await tempDir()
    const first = site(dataDir)
    await first.submitQuote(testLead('Stopped'))
    await first.close()

    const owner = await store(dataDir)
    expect(owner.via).toBe('folder')
    expect((await owner.list({})).map((l) => l.first_name)).toEqual(['Stopped'])
    // The site's own lock (another process's site waits on it and gives up); released when done.
    const held = () => lockfile.check(dataDir, { lockfilePath: join(dataDir, LOCK_FILE), realpath: false })
    expect(await held()).toBe(true)
    await owner.close()
    expect(await held()).toBe(false)
  })

  it('refuses a data folder that holds no database yet, rather than creating one', async () => {
    const dataDir = await tempDir()
    await expect(openEmbeddedLeadStore(dataDir, 0)).rejects.toThrow(/No database in .*start the site once/)
  })
})

describe('backups', { timeout: 180_000 }, () => {
  it('a backup taken through the running site restores into a new folder with its leads', async () => {
    const dataDir = await tempDir()
    const running = site(dataDir)
    await running.submitQuote(testLead('Kept'))
    const backup = await (await store(dataDir)).backup()
    // A lead stored after the backup is not in it.
    await running.submitQuote(testLead('Later'))

    const restoredDir = join(await tempDir(), 'not-yet-made')
    expect(await restoreDatabase(restoredDir, backup, false)).toEqual({ leads: 1, setAside: undefined })
    const restored = site(restoredDir)
    await restored.ready()
    const owner = await store(restoredDir)
    expect(owner.via).toBe('site')
    expect((await owner.list({})).map((l) => l.first_name)).toEqual(['Kept'])
    await restored.close()
  })

  it('a site that is closing its socket does not break a restore: the lock and the folder decide', async () => {
    const dataDir = await tempDir()
    const running = site(dataDir)
    await running.submitQuote(testLead('Old'))
    const backup = await (await store(dataDir)).backup()
    await running.close()
    // What a closing site does to a new connection: accepts it and drops it at once.
    const closing = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => closing.listen(ownerSocketPath(dataDir), resolve))
    try {
      await expect(restoreDatabase(dataDir, backup, false)).rejects.toThrow(/already holds a database.*--force/)
    } finally {
      closing.close()
    }
  })

  it('restore refuses a running site, and a folder with a database unless forced (keeping the old one)', async () => {
    const dataDir = await tempDir()
    const running = site(dataDir)
    await running.submitQuote(testLead('Old'))
    const backup = await (await store(dataDir)).backup()
    await expect(restoreDatabase(dataDir, backup, true)).rejects.toThrow(/A site is running on .*stop it/)
    await running.close()

    await expect(restoreDatabase(dataDir, backup, false)).rejects.toThrow(/already holds a database.*--force/)
    await expect(restoreDatabase(dataDir, new Uint8Array([1, 2, 3]), true)).rejects.toThrow(OwnerCommandError)
    const report = await restoreDatabase(dataDir, backup, true)
    expect(report.leads).toBe(1)
    expect(report.setAside).toMatch(/pglite\.before-restore-/)
    expect(statSync(`${report.setAside}/PG_VERSION`).isFile()).toBe(true)
  })
})
