/**
 * The owner's commands against the production server: a lead sent through the site is in `npm run leads`,
 * a status change shows, another user is refused, and a backup taken while it runs restores and serves.
 */
import { chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fillLeadFields, openInteractiveLeadForm, sendLeadForm, submitLeadForm } from './support/lead-form'
import { listedLeads, ownerCommand } from './support/owner'
import { startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

function csvRows(csv: string): string[][] {
  return csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','))
}

test('a lead sent through the site is in npm run leads at once, and its status change shows afterwards', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const server = await startSiteServer()
  const firstName = `Owner${Date.now().toString(36)}`
  const form = await openInteractiveLeadForm(page, `${server.url}/contact`)
  await fillLeadFields(form, { firstName, email: 'owner-list@example.com', phone: '916-555-0123' })
  await form.getByLabel('Street address').fill('12 Oak St')
  await form.getByLabel('ZIP code').fill('95630')
  await submitLeadForm(page, form)

  const listed = await ownerCommand('leads', [], server)
  // The lead as typed on the site; the file's header and every column: owner-leads.test.ts, "the lead list as CSV".
  const row = csvRows(listed.stdout).find((cells) => cells[1] === firstName)
  expect(row?.slice(1, 6)).toEqual([firstName, 'owner-list@example.com', '916-555-0123', '12 Oak St', '95630'])

  const changed = await ownerCommand('leads', ['status', row![11]!, 'contacted'], server)
  expect(changed.stderr).toContain(`is now contacted`)
  const contacted = await ownerCommand('leads', ['--json', '--status', 'contacted', '--since', '1d'], server)
  expect(JSON.parse(contacted.stdout)).toEqual([
    expect.objectContaining({ first_name: firstName, status: 'contacted' }),
  ])
  expect(JSON.parse((await ownerCommand('leads', ['--json', '--status', 'new'], server)).stdout)).toEqual([])

  const wrong = await ownerCommand('leads', ['status', row![11]!, 'done'], server)
  expect(wrong.code).toBe(2)
  expect(wrong.stderr).toContain('status must be one of new, suspected_spam, contacted, quoted, won, lost, archived')

  // Someone else on the machine, even with the data folder open to all, gets no lead.
  if (process.getuid?.() === 0) {
    chmodSync(server.dataDir, 0o755)
    const stranger = await ownerCommand('leads', [], server, { uid: 65534 })
    expect(stranger.code).toBe(1)
    expect(stranger.stderr).toContain('Permission denied')
    expect(stranger.stdout).not.toContain(firstName)
  }
  expect(server.records().filter((line) => line.scope === 'owner')).toEqual([])
})

test('a backup taken while the site runs restores into an empty folder, and a site started on it lists the lead', async ({
  page,
}) => {
  test.skip(
    Boolean(process.env.TEST_DATABASE_URL),
    "the backup is PGlite's folder; PostgreSQL is backed up by its own tools",
  )
  test.setTimeout(240_000)
  const server = await startSiteServer()
  const backupFile = join(mkdtempSync(join(tmpdir(), 'owner-backup-')), 'site.tar.gz')
  const firstName = `Backup${Date.now().toString(36)}`
  await sendLeadForm(page, `${server.url}/contact`, { firstName, email: 'backup@example.com', phone: '916-555-0124' })

  const backup = await ownerCommand('backup', [backupFile], server)
  // The site holds the folder: only the site itself could have taken it. Restore's refusals (a running site, a
  // folder that holds a database) are tests/server/owner-leads.test.ts's.
  expect(backup.code, backup.stderr).toBe(0)

  const empty = { dataDir: mkdtempSync(join(tmpdir(), 'owner-restore-')), databaseUrl: undefined }
  const restored = await ownerCommand('restore', [backupFile], empty)
  expect(restored.stderr).toContain(`Restored 1 leads into ${empty.dataDir}`)

  const second = await startSiteServer({ DATA_DIR: empty.dataDir })
  expect([...(await listedLeads(second)).keys()]).toEqual([firstName])
})
