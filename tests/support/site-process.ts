// The production server (.output) as its own process, for the e2e and Supabase suites and the benches.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { freePort } from './free-port'
import type { Database } from '../../app/platform/db/database.server'
import { openDatabase } from '../../app/platform/db/database.server'
import { freshDatabaseUrl, freshDataDir } from './test-database'

export type SiteProcess = Awaited<ReturnType<typeof startSiteProcess>>

/** Logged by app/platform/http/nitro-warm-up.server.ts (as JSON; e2e/support/site-server.ts reads the same). */
const LISTENING = /Listening on/
const WARMED_UP = /"scope":"warm-up".*"msg":"(home page rendered|rendering the home page failed)"/

export const SITE_ENTRY = resolve(process.env.BUILD_OUTPUT_DIR ?? '.output', 'server', 'index.mjs')

export interface SiteProcessOptions {
  /** A server whose database fails takes longer, each render waiting for an open that fails. */
  startMs?: number
  /** Return once it listens, not once its start-up render is done (a bench of that render's slow reads). */
  onceListening?: boolean
  nodeArgs?: string[]
  /** Another build (BUILD_OUTPUT_DIR), and another working folder (where `.env` is looked for). */
  outputDir?: string
  cwd?: string
}

/** Returns once the server has rendered its first page itself. */
export async function startSiteProcess(
  env: Record<string, string> = {},
  { startMs = 60_000, nodeArgs = [], outputDir, cwd, onceListening = false }: SiteProcessOptions = {},
) {
  const port = await freePort()
  // Unless given, its own DATA_DIR and (under `npm run test:postgres`) database, each a copy of the run's migrated one.
  const dataDir = env.DATA_DIR ?? freshDataDir()
  const databaseUrl = env.DATABASE_URL ?? (await freshDatabaseUrl())
  const entry = outputDir ? resolve(outputDir, 'server', 'index.mjs') : SITE_ENTRY
  let log = ''
  let stdout = ''
  // Vitest's TEST=true would make the server skip its "Listening on" line and its signal handlers.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST|VITEST.*)$/.test(name)))
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // As every start sets it (docs/deploy.md): bench:memory measures the server as it runs.
      MALLOC_ARENA_MAX: '2',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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
  while (!LISTENING.test(log) || (!onceListening && !WARMED_UP.test(log))) {
    if (child.exitCode !== null) throw new Error(`site server exited early:\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`site server did not render its first page in ${startMs / 1000} s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  /** Resolves once the process has ended; SIGTERM gets 5 s before SIGKILL. */
  const end = (signal: 'SIGTERM' | 'SIGKILL') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill(signal)
      if (signal === 'SIGTERM') setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
    })
  return {
    url,
    dataDir,
    /** Its PostgreSQL database, under `npm run test:postgres`; else undefined (PGlite in dataDir). */
    databaseUrl,
    pid: child.pid!,
    /** stdout and stderr, as they came. */
    output: () => log,
    stdout: () => stdout,
    /** How the process ended: its exit code, or the signal that killed it (null while running). */
    ended: () => ({ code: child.exitCode, signal: child.signalCode }),
    stop: () => end('SIGTERM'),
    /** kill -9: the process gets no chance to finish anything. */
    kill: () => end('SIGKILL'),
    /** Closes the pipes it logs to, as a log reader that goes away does. */
    closeOutput: () => {
      child.stdout?.destroy()
      child.stderr?.destroy()
    },
  }
}

/**
 * The server's database, as the server opens it: its PostgreSQL while it runs, or its PGlite folder once it
 * stopped (one process at a time). `migrate: false` reads it as the server left it, so a bench can read what
 * another build (`BUILD_OUTPUT_DIR`, with other migrations) stored. The caller closes it.
 */
export function openSiteDatabase(
  site: Pick<SiteProcess, 'dataDir' | 'databaseUrl'>,
  { migrate = true } = {},
): Promise<Database> {
  return openDatabase({ dataDir: site.dataDir, databaseUrl: site.databaseUrl, migrate })
}
