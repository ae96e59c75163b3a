// A setting the server cannot work with stops its start with one line naming it (docs/decisions/052-hostile-input.md).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startExpectingRefusal } from './support/refused-start'
import { parseLogLines } from './support/site-server'
import { expect, test } from './support/test'

const folders: string[] = []
const freshDataDir = () => folders[folders.push(mkdtempSync(join(tmpdir(), 'bad-setting-'))) - 1]!
test.afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

// Which values are refused: tests/server/config.test.ts. Here, that a refused one stops a real start.
test('a bad setting stops the start: exit 1, one line naming it, no stack', async () => {
  const ended = await startExpectingRefusal({ DATA_DIR: freshDataDir(), LEAD_RETENTION_MONTHS: '99' })
  const output = `${ended.stdout}${ended.stderr}`
  expect(ended.code, output).toBe(1)
  expect(output).not.toMatch(/^\s+at /m)
  expect(output).not.toContain('Listening on')
  expect(ended.stderr).toBe('')
  const lines = parseLogLines(ended.stdout)
  expect(lines, output).toHaveLength(1)
  expect(lines[0]).toMatchObject({ level: 'fatal', scope: 'config' })
  expect(lines[0]!.msg).toMatch(/^Invalid environment: LEAD_RETENTION_MONTHS must be /)
})

test('an SMTP_URL that is refused is never shown: it may hold a password', async () => {
  const ended = await startExpectingRefusal({
    DATA_DIR: freshDataDir(),
    SMTP_URL: 'smtp.example.com:465 user:s3cret',
  })
  expect(ended.code).toBe(1)
  expect(ended.stdout).toContain('SMTP_URL must be an smtp:// or smtps:// address')
  expect(ended.stdout).not.toContain('s3cret')
})
