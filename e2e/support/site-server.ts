import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from '@playwright/test'
import { freePort } from '../../tests/support/free-port'

export interface SiteServer {
  url: string
  dataDir: string
  /** stdout and stderr, as they came. */
  output: () => string
  stdout: () => string
  /** stdout's JSON log lines (app/server/log/logger.server.ts). */
  records: () => LogRecord[]
  /** How the process ended: its exit code, or the signal that killed it (null while running). */
  ended: () => { code: number | null; signal: NodeJS.Signals | null }
  stop: () => Promise<void>
  /** kill -9: the process gets no chance to finish anything. */
  kill: () => Promise<void>
}

export interface LogRecord {
  time: string
  level: string
  msg: string
  scope?: string
  requestId?: string
  err?: { type?: string; message?: string }
  [field: string]: unknown
}

/** Each whole line as JSON; a line that is not JSON makes this throw, naming it. */
export function parseLogLines(text: string): LogRecord[] {
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogRecord
      } catch {
        throw new Error(`not a JSON log line: ${line}`)
      }
    })
}

/** The lines of one part of the server whose message matches. */
export function logged(records: LogRecord[], scope: string, msg: RegExp | string): LogRecord[] {
  return records.filter(
    (record) => record.scope === scope && (typeof msg === 'string' ? record.msg === msg : msg.test(record.msg)),
  )
}

/** Logged by app/server/http/nitro-warm-up.server.ts. */
const LISTENING = /Listening on/
const WARMED_UP = /"scope":"warm-up".*"msg":"(home page rendered|rendering the home page failed)"/

/**
 * Returns once the server has rendered its first page itself, so a test times its own steps, not the start.
 * Starting has taken 20 s on a loaded machine, so it adds startMs (60 s) to the caller's timeout.
 */
export async function startSiteServer(
  env: Record<string, string> = {},
  /**
   * startMs: a server whose database fails takes longer, each render waiting for an open that fails.
   * outputDir: another build (BUILD_OUTPUT_DIR); cwd: another working folder (where `.env` is looked for).
   */
  { startMs = 60_000, outputDir, cwd }: { startMs?: number; outputDir?: string; cwd?: string } = {},
): Promise<SiteServer> {
  test.info().setTimeout(test.info().timeout + startMs)
  const port = await freePort()
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'site-e2e-'))
  const entry = resolve(outputDir ?? process.env.BUILD_OUTPUT_DIR ?? '.output', 'server', 'index.mjs')
  let log = ''
  let stdout = ''
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // As playwright.config.ts: a valid token is still required, the fill time only where a test sets it.
      QUOTE_MIN_FILL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  })
  child.stdout?.on('data', (chunk) => {
    log += chunk
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => (log += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + startMs
  while (!LISTENING.test(log) || !WARMED_UP.test(log)) {
    if (child.exitCode !== null) throw new Error(`site server exited early:\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`site server did not render its first page in ${startMs / 1000} s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    dataDir,
    output: () => log,
    stdout: () => stdout,
    records: () => parseLogLines(stdout),
    ended: () => ({ code: child.exitCode, signal: child.signalCode }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
