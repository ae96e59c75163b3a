// A setting the server cannot work with stops its start with one line naming it (docs/decisions/052-hostile-input.md).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startExpectingRefusal } from './support/refused-start'
import { parseLogLines } from './support/site-server'
import { expect, test } from './support/test'

const BAD: Record<string, string>[] = [
  { LEAD_RETENTION_MONTHS: '99' },
  { LOG_LEVEL: 'loud' },
  { HTML_CACHE_SECONDS: '-1' },
  { SMTP_URL: 'notaurl' },
  { SMTP_URL: 'https://smtp.example.com' },
  { PORT: '99999' },
  { PORT: 'http' },
  { QUOTE_RATE_LIMIT: '-5' },
  { QUOTE_RATE_WINDOW_MS: '0' },
  { ASSISTANT_RATE_WINDOW_MS: '-1' },
  { QUOTE_MIN_FILL_MS: '2.5' },
  { REVIEWS_CACHE_MINUTES: '-60' },
]

const folders: string[] = []
const freshDataDir = () => folders[folders.push(mkdtempSync(join(tmpdir(), 'bad-setting-'))) - 1]!
test.afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

for (const setting of BAD) {
  const [[name, value]] = Object.entries(setting) as [[string, string]]
  test(`${name}=${value} stops the start: exit 1, one line naming ${name}, no stack`, async () => {
    const ended = await startExpectingRefusal({ DATA_DIR: freshDataDir(), ...setting })
    const output = `${ended.stdout}${ended.stderr}`
    expect(ended.code, output).toBe(1)
    expect(output).not.toMatch(/^\s+at /m)
    expect(output).not.toContain('Listening on')
    expect(ended.stderr).toBe('')
    const lines = parseLogLines(ended.stdout)
    expect(lines, output).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'fatal', scope: 'config' })
    expect(lines[0]!.msg).toMatch(new RegExp(`^Invalid environment: ${name} must be `))
  })
}

test('an SMTP_URL that is refused is never shown: it may hold a password', async () => {
  const ended = await startExpectingRefusal({
    DATA_DIR: freshDataDir(),
    SMTP_URL: 'smtp.example.com:465 user:s3cret',
  })
  expect(ended.code).toBe(1)
  expect(ended.stdout).toContain('SMTP_URL must be an smtp:// or smtps:// address')
  expect(ended.stdout).not.toContain('s3cret')
})
