// The production server (.output) as its own process, for the Supabase suite and the benches.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

export interface SiteProcess {
  url: string
  dataDir: string
  pid: number
  output: () => string
  /** How the process ended: its exit code, or the signal that killed it (null while running). */
  ended: () => { code: number | null; signal: NodeJS.Signals | null }
  stop: () => Promise<void>
}

/** Logged by app/server/http/nitro-warm-up.server.ts (as JSON; e2e/support/site-server.ts reads the same). */
const LISTENING = /Listening on/
const WARMED_UP = /"scope":"warm-up".*"msg":"(home page rendered|rendering the home page failed)"/

export const SITE_ENTRY = `${process.env.BUILD_OUTPUT_DIR ?? '.output'}/server/index.mjs`

/** Returns once the server has rendered its first page itself. */
export async function startSiteProcess(
  env: Record<string, string> = {},
  { startMs = 60_000, nodeArgs = [] }: { startMs?: number; nodeArgs?: string[] } = {},
): Promise<SiteProcess> {
  const port = await freePort()
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'site-e2e-'))
  let log = ''
  // Vitest's TEST=true would make the server skip its "Listening on" line and its signal handlers.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST|VITEST.*)$/.test(name)))
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SITE_ENTRY], {
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (log += chunk))
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
    pid: child.pid!,
    output: () => log,
    ended: () => ({ code: child.exitCode, signal: child.signalCode }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
      }),
  }
}
