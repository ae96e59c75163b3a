import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseLogLines } from './support/site-server'
import { startExpectingRefusal, type Ended } from './support/refused-start'
import { expect, test } from './support/test'

function expectOneClearLine(ended: Ended, dataDir: string, reason: string) {
  const output = `${ended.stdout}\n${ended.stderr}`
  expect(ended.code, output).not.toBe(0)
  expect(ended.code, output).not.toBeNull() // it exits by itself, not killed after 30 s
  expect(output).not.toMatch(/^\s+at /m)
  expect(output).not.toContain('Listening on')
  const lines = parseLogLines(ended.stdout).filter((record) => record.msg.includes('DATA_DIR'))
  expect(lines, output).toHaveLength(1)
  expect(lines[0]!.level).toBe('fatal')
  expect(lines[0]!.msg).toBe(`DATA_DIR cannot be used: ${dataDir}: ${reason}`)
}

// The server starts on PGlite here (no DATABASE_URL): these are PGlite's folder's checks.
test.skip(Boolean(process.env.TEST_DATABASE_URL), "PGlite's folder: the PostgreSQL run has its own database")

test.describe('a data folder that cannot be used', () => {
  test('under a regular file: one line names DATA_DIR, the path and why, and the server exits', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'data-folder-'))
    writeFileSync(join(parent, 'a-file'), '')
    const dataDir = join(parent, 'a-file', 'data')
    expectOneClearLine(
      await startExpectingRefusal({ DATA_DIR: dataDir }),
      dataDir,
      'part of the path is a file, not a folder (ENOTDIR)',
    )
  })

  test('a regular file itself: one line names DATA_DIR, the path and why, and the server exits', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'data-folder-')), 'a-file')
    writeFileSync(dataDir, '')
    expectOneClearLine(
      await startExpectingRefusal({ DATA_DIR: dataDir }),
      dataDir,
      'it is a file, not a folder (EEXIST)',
    )
  })

  test('under /proc, which holds no new folders: one line names DATA_DIR, and the server exits by itself', async () => {
    // Node's recursive mkdir retried this for ever at 100% CPU, deaf to SIGTERM.
    expectOneClearLine(
      await startExpectingRefusal({ DATA_DIR: '/proc/x' }),
      '/proc/x',
      'no folder can be made there (ENOENT)',
    )
  })

  test('a folder the server may not write: one line names DATA_DIR, the path and why, and the server exits', async () => {
    // Root writes anywhere: the server runs as nobody, without root's groups, or as this user when it is not root.
    const parent = mkdtempSync(join(tmpdir(), 'data-folder-'))
    chmodSync(parent, 0o755)
    const dataDir = join(parent, 'data')
    mkdirSync(dataDir, { mode: 0o555 })
    expectOneClearLine(
      await startExpectingRefusal({ DATA_DIR: dataDir }, { unprivileged: true }),
      dataDir,
      'this user may not write there (EACCES)',
    )
  })
})
