import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../tests/support/free-port'
import { SITE_ENTRY } from '../tests/support/site-process'
import { parseLogLines } from './support/site-server'
import { expect, test } from './support/test'

interface Ended {
  code: number | null
  stdout: string
  stderr: string
}

/** A server that should refuse to start: its output and exit code once it has gone. */
async function startExpectingRefusal(dataDir: string, uid?: number): Promise<Ended> {
  const port = await freePort()
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST|VITEST.*)$/.test(name)))
  const child = spawn(process.execPath, [SITE_ENTRY], {
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  clearTimeout(timer)
  return { code, stdout, stderr }
}

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
      await startExpectingRefusal(dataDir),
      dataDir,
      'part of the path is a file, not a folder (ENOTDIR)',
    )
  })

  test('a regular file itself: one line names DATA_DIR, the path and why, and the server exits', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'data-folder-')), 'a-file')
    writeFileSync(dataDir, '')
    expectOneClearLine(await startExpectingRefusal(dataDir), dataDir, 'it is a file, not a folder (EEXIST)')
  })

  test('a folder the server may not write: one line names DATA_DIR, the path and why, and the server exits', async () => {
    // Root writes anywhere, so the server runs as "nobody" (uid 65534) here.
    test.skip(process.getuid?.() !== 0, 'needs root to start the server as another user')
    const parent = mkdtempSync(join(tmpdir(), 'data-folder-'))
    chmodSync(parent, 0o755)
    const dataDir = join(parent, 'data')
    mkdirSync(dataDir, { mode: 0o755 })
    expectOneClearLine(await startExpectingRefusal(dataDir, 65534), dataDir, 'this user may not write there (EACCES)')
  })
})
