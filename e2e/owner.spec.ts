/**
 * The owner's commands against the production server: a lead sent through the site is in `npm run leads`,
 * a status change shows, another user is refused, and a backup taken while it runs restores and serves.
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { QUOTE_MESSAGES } from '~/lib/quote-schema'
import { fillQuoteFields, openInteractiveQuoteForm } from './support/quote-form'
import { startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run <script>` as the owner would type it; `asUid` runs it as another user (root only). */
function npmRun(script: string, args: string[], dataDir: string, asUid?: number): Promise<Ran> {
  const command = asUid === undefined ? 'npm' : process.execPath
  const argv =
    asUid === undefined
      ? ['run', '--silent', script, '--', ...args]
      : ['node_modules/tsx/dist/cli.mjs', `scripts/${script}.ts`, ...args]
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      env: { ...process.env, DATA_DIR: dataDir },
      ...(asUid === undefined ? {} : { uid: asUid, gid: asUid }),
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

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
  try {
    const firstName = `Owner${Date.now().toString(36)}`
    const form = await openInteractiveQuoteForm(page, `${server.url}/contact`)
    await fillQuoteFields(form, { firstName, email: 'owner-list@example.com', phone: '916-555-0123' })
    await form.getByLabel('Street address').fill('12 Oak St')
    await form.getByLabel('ZIP code').fill('95630')
    await page.clock.fastForward(4_000) // a person takes longer than the minimum fill time
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page.getByText(QUOTE_MESSAGES.success.title)).toBeVisible()

    const listed = await npmRun('leads', [], server.dataDir)
    const [header, ...rows] = csvRows(listed.stdout)
    expect(header).toEqual([
      'created_at',
      'first_name',
      'email',
      'phone',
      'service_street',
      'service_zip',
      'preferred_time',
      'outside_area',
      'status',
      'source_page',
      'spam_reason',
      'id',
      'source_channel',
      'heard_about',
      'landing_path',
      'referrer_host',
      'source_tags',
      'job_value',
      'contacted_at',
      'quoted_at',
      'won_at',
    ])
    const row = rows.find((cells) => cells[1] === firstName)
    // Folsom's 95630 is a served ZIP: not outside the usual area.
    expect(row?.slice(1, 11)).toEqual([
      firstName,
      'owner-list@example.com',
      '916-555-0123',
      '12 Oak St',
      '95630',
      '',
      'no',
      'new',
      '/contact',
      '',
    ])

    const changed = await npmRun('leads', ['status', row![11]!, 'contacted'], server.dataDir)
    expect(changed.stderr).toContain(`is now contacted`)
    const contacted = await npmRun('leads', ['--json', '--status', 'contacted', '--since', '1d'], server.dataDir)
    expect(JSON.parse(contacted.stdout)).toEqual([
      expect.objectContaining({ first_name: firstName, status: 'contacted' }),
    ])
    expect(JSON.parse((await npmRun('leads', ['--json', '--status', 'new'], server.dataDir)).stdout)).toEqual([])

    const wrong = await npmRun('leads', ['status', row![11]!, 'done'], server.dataDir)
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('status must be one of new, suspected_spam, contacted, quoted, won, lost, archived')

    // Someone else on the machine, even with the data folder open to all, gets no lead.
    if (process.getuid?.() === 0) {
      chmodSync(server.dataDir, 0o755)
      const stranger = await npmRun('leads', [], server.dataDir, 65534)
      expect(stranger.code).toBe(1)
      expect(stranger.stderr).toContain('Permission denied')
      expect(stranger.stdout).not.toContain(firstName)
    }
    expect(server.records().filter((line) => line.scope === 'owner')).toEqual([])
  } finally {
    await server.stop()
  }
})

test('a backup taken while the site runs restores into an empty folder, and a site started on it lists the lead', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const server = await startSiteServer()
  const backupFile = join(mkdtempSync(join(tmpdir(), 'owner-backup-')), 'site.tar.gz')
  const firstName = `Backup${Date.now().toString(36)}`
  try {
    const form = await openInteractiveQuoteForm(page, `${server.url}/contact`)
    await fillQuoteFields(form, { firstName, email: 'backup@example.com', phone: '916-555-0124' })
    await page.clock.fastForward(4_000)
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page.getByText(QUOTE_MESSAGES.success.title)).toBeVisible()

    const backup = await npmRun('backup', [backupFile], server.dataDir)
    expect(backup.stderr).toContain('via the site')
    const whileRunning = await npmRun('restore', [backupFile, '--force'], server.dataDir)
    expect(whileRunning.code).toBe(1)
    expect(whileRunning.stderr).toContain('stop it before restoring')
  } finally {
    await server.stop()
  }

  const emptyDir = mkdtempSync(join(tmpdir(), 'owner-restore-'))
  const restored = await npmRun('restore', [backupFile], emptyDir)
  expect(restored.stderr).toContain(`Restored 1 leads into ${emptyDir}`)
  const again = await npmRun('restore', [backupFile], emptyDir)
  expect(again.code).toBe(1)
  expect(again.stderr).toContain('already holds a database')

  const second = await startSiteServer({ DATA_DIR: emptyDir })
  try {
    const listed = JSON.parse((await npmRun('leads', ['--json'], emptyDir)).stdout) as { first_name: string }[]
    expect(listed.map((lead) => lead.first_name)).toEqual([firstName])
  } finally {
    await second.stop()
  }
})
