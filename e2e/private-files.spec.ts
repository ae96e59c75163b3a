// DATA_DIR is the server user's alone (docs/decisions/052-hostile-input.md): what the server makes, and what was
// there before it started. Checked with find(1) and the folder's own mode.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mails, OWNER, ownerEnv } from './support/owner'
import { postForm, postPlainLead } from './support/lead-form'
import { logged, startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

/** What find(1) lists in the folder with any of these bits set for the group or others. */
function openTo(dataDir: string): string[] {
  const found = (perm: string) => execFileSync('find', [dataDir, '-perm', perm], { encoding: 'utf8' }).trim()
  return [found('/o+rwx'), found('/g+rwx')].filter(Boolean)
}

test('after a lead and a sign-in request, nothing in DATA_DIR is open to the group or others', async () => {
  test.setTimeout(120_000)
  const server = await startSiteServer(ownerEnv())
  const lead = { firstName: 'Private', email: 'private@example.com', phone: '9165550101', street: '12 Oak St' }
  expect((await postPlainLead(server.url, lead)).status).toBe(303)
  expect((await postForm(server.url, '/owner/sign-in', { email: OWNER })).status).toBe(303)
  // The owner's notice, the customer's acknowledgement and the sign-in link, as .eml files.
  await expect.poll(async () => (await mails(server)).length, { timeout: 30_000 }).toBe(3)

  expect(openTo(server.dataDir)).toEqual([])
  expect(statSync(server.dataDir).mode & 0o777).toBe(0o700)
})

test('a data folder left open to others is closed at start, with one line saying how much', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-open-folder-'))
  chmodSync(dataDir, 0o755)
  mkdirSync(join(dataDir, 'outbox-mail'), { mode: 0o775 })
  chmodSync(join(dataDir, 'outbox-mail'), 0o775)
  writeFileSync(join(dataDir, 'outbox-mail', 'old.eml'), 'Subject: an old link\r\n\r\n', { mode: 0o644 })
  writeFileSync(join(dataDir, 'notes.txt'), 'left by hand', { mode: 0o666 })
  chmodSync(join(dataDir, 'notes.txt'), 0o666)
  expect(openTo(dataDir)).not.toEqual([])

  const server = await startSiteServer({ DATA_DIR: dataDir })
  expect(openTo(dataDir)).toEqual([])
  expect(statSync(join(dataDir, 'outbox-mail')).mode & 0o777).toBe(0o700)
  expect(statSync(join(dataDir, 'notes.txt')).mode & 0o777).toBe(0o600)
  const lines = logged(server.records(), 'backend', /^DATA_DIR was open to other users/)
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatchObject({ dataDir, folders: 2, files: 2 })
})
