import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../tests/support/free-port'
import { contact, postPlainLead, SENT_LOCATION } from './support/lead-form'
import { logged, parseLogLines, startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

test.skip(Boolean(process.env.TEST_DATABASE_URL), "PGlite's folder lock: one writer of DATA_DIR/pglite")

// Two servers on one data folder, each in its own PID namespace (as two containers on one volume are):
// both see themselves as PID 1, so a lock that trusts PIDs cannot tell them apart.
interface Contained {
  url: string
  child: ChildProcess
  /** stdout and stderr */
  log: () => string
  warmedUp: () => boolean
}

/** unshare ignores SIGTERM while it waits, so the server inside is asked to stop directly. */
async function stopContained(server: Contained) {
  const inside = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' }).trim()
  if (inside) process.kill(Number(inside), 'SIGTERM')
  const deadline = Date.now() + 15_000
  while (server.child.exitCode === null && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200))
  // Called in `finally`: a stuck server is killed rather than failing here, so the test's own error is the one shown.
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

async function startContained(dataDir: string): Promise<Contained> {
  const port = await freePort()
  const entry = `${process.env.BUILD_OUTPUT_DIR ?? '.output'}/server/index.mjs`
  let log = ''
  let stdout = ''
  const child = spawn('unshare', ['--pid', '--fork', '--kill-child=SIGKILL', process.execPath, entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      QUOTE_MIN_FILL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => (log += chunk))
  const warmedUp = () => logged(parseLogLines(stdout), 'warm-up', 'home page rendered').length > 0
  return { url: `http://127.0.0.1:${port}`, child, log: () => log, warmedUp }
}

const postLead = (url: string, name: string) => postPlainLead(url, contact(name))

test('a second server on the same data folder, in another PID namespace, never opens the database', async () => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'writer-lock-'))
  const first = await startContained(dataDir)
  try {
    // Each wait on a server polls for true, or for its log, shown when the wait fails.
    await expect.poll(() => first.warmedUp() || first.log(), { timeout: 60_000 }).toBe(true)
    const second = await startContained(dataDir)
    // It waits for the lock, then gives up and exits, naming the folder; it never serves a lead.
    await expect.poll(() => second.child.exitCode !== null || second.log(), { timeout: 60_000 }).toBe(true)
    expect(second.child.exitCode).not.toBe(0)
    expect(second.log()).toContain(`The database in ${dataDir} is in use by another process`)

    const stored = await postLead(first.url, 'Firstonly')
    expect(stored.headers.get('location')).toMatch(SENT_LOCATION)
    // The owner's e-mails (lead-*.eml); the customers' acknowledgements (acknowledgement-*.eml) are not counted here.
    const mails = () =>
      (existsSync(join(dataDir, 'outbox-mail')) ? readdirSync(join(dataDir, 'outbox-mail')) : []).filter((file) =>
        file.startsWith('lead-'),
      )
    await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(1)
  } finally {
    await stopContained(first)
  }

  // With the first one gone, a new server opens the folder and still finds the lead.
  const third = await startContained(dataDir)
  try {
    await expect.poll(() => third.warmedUp() || third.log(), { timeout: 60_000 }).toBe(true)
  } finally {
    await stopContained(third)
  }
})

test('a second server on the same data folder never listens, so no quote is acknowledged and then lost', async () => {
  test.setTimeout(150_000)
  const first = await startSiteServer({ QUOTE_RATE_LIMIT: '10000' })
  const port = await freePort()
  const second = spawn(process.execPath, [`${process.env.BUILD_OUTPUT_DIR ?? '.output'}/server/index.mjs`], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: first.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let secondLog = ''
  second.stdout?.on('data', (chunk) => (secondLog += chunk))
  second.stderr?.on('data', (chunk) => (secondLog += chunk))
  try {
    const acknowledged: string[] = []
    let answeredBySecond = 0
    for (let i = 0; second.exitCode === null; i++) {
      const name = `Both${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`
      // Every try at the second server must find nothing listening.
      const tried = await postLead(`http://127.0.0.1:${port}`, name).catch(() => null)
      if (tried) answeredBySecond++
      const stored = await postLead(first.url, name)
      if (SENT_LOCATION.test(stored.headers.get('location') ?? '')) acknowledged.push(name)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(answeredBySecond, secondLog).toBe(0)
    expect(second.exitCode).not.toBe(0)
    const refusal = logged(parseLogLines(secondLog), 'backend', 'another server holds the data folder: not listening')
    expect(refusal, secondLog).toHaveLength(1)
    expect(refusal[0]!.err?.message).toContain(`The database in ${first.dataDir} is in use by another process`)
    expect(secondLog).not.toMatch(/Listening on/)

    expect(acknowledged.length).toBeGreaterThan(0)
    // The owner's e-mails only: one per acknowledged quote (the customers' acknowledgements are limited per client).
    const mails = () => readdirSync(join(first.dataDir, 'outbox-mail')).filter((file) => file.startsWith('lead-'))
    await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(acknowledged.length)
  } finally {
    second.kill('SIGKILL')
  }
})
