// A site's parts as one test composes them, as app/server.ts does for the running site: its database, file store,
// configuration and outbox worker, on a DATA_DIR of its own. Feature code takes them as arguments; useSiteServing()
// (tests/server/helpers.ts) also makes them the process's, for the server functions and route handlers that read those.
import type { Transporter } from 'nodemailer'
import { parseRuntimeConfig, type Env } from '../../app/platform/config.server'
import { Database } from '../../app/platform/db/database.server'
import type { Migration } from '../../app/platform/db/migrations.server'
import { openFileStore } from '../../app/platform/files/file-store.server'
import { createOutboxWorker } from '../../app/platform/outbox/worker.server'

// Every feature's outbox templates and jobs, as the server entry loads them.
import.meta.glob('../../app/features/*/*.outbox.server.ts', { eager: true })

export type TestSite = ReturnType<typeof openTestSite>

export interface TestSiteOptions {
  databaseUrl?: string
  lockWaitMs?: number
  migrations?: Migration[]
  reopenDelayMs?: number
  /** Its worker sends on its own, as the site's does; otherwise the test drains it. */
  startWorker?: boolean
  outbox?: { backoffMs?: (attempts: number) => number; pollIntervalMs?: number; transport?: Transporter }
  clock?: () => Date
}

/** The parts on `dataDir` (and `databaseUrl`), `env` parsed as the site's configuration. */
export function openTestSite(dataDir: string, env: Env = {}, options: TestSiteOptions = {}) {
  const config = parseRuntimeConfig({ DATA_DIR: dataDir, ...env })
  const now = options.clock ?? (() => new Date())
  const db = new Database({
    dataDir,
    databaseUrl: options.databaseUrl ?? config.databaseUrl,
    lockWaitMs: options.lockWaitMs,
    migrations: options.migrations,
    reopenDelayMs: options.reopenDelayMs,
  })
  const files = openFileStore({ dataDir, storage: config.storage })
  const outbox = createOutboxWorker({ db, dataDir, config, files, now, ...options.outbox })
  if (options.startWorker) outbox.start()
  let closed: Promise<void> | undefined
  return {
    db,
    files,
    config,
    dataDir,
    /** The site's clock: what follow-ups are timed by, in feature calls and in the outbox. */
    now,
    outbox,
    close: () =>
      (closed ??= (async () => {
        try {
          await outbox.stop()
        } finally {
          await db.close()
        }
      })()),
  }
}
