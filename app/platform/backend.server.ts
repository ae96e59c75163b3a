// The site's backend (docs/decisions/050-one-runtime.md): the database, the file store and the outbox's worker,
// opened once per process and the same in every deployment. Features are server modules that take it.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { resolve } from 'node:path'
import { runtimeConfig, type RuntimeConfig } from './config.server'
import { openDatabase, type Database } from './db/database.server'
import { keptSetting } from './db/settings.server'
import { DataFolderLockedError } from './db/data-folder-lock.server'
import type { Migration } from './db/migrations.server'
import { openFileStore, type FileStore } from './files/file-store.server'
import { log } from './log/logger.server'
import { createOutboxWorker, type OutboxOptions, type OutboxWorker } from './outbox/worker.server'

export interface Attachment {
  close(): Promise<void>
}

export interface BackendOptions {
  config?: RuntimeConfig
  /** Tests: their own folder and database instead of the configuration's. */
  dataDir?: string
  databaseUrl?: string
  files?: FileStore
  lockWaitMs?: number
  exitIfLocked?: boolean
  startWorker?: boolean
  outbox?: Omit<OutboxOptions, 'db' | 'dataDir' | 'config' | 'files'>
  migrations?: Migration[]
  /** Calls fail at once this long after a failed open, doubling up to a minute. */
  reopenDelayMs?: number
  /** The clock follow-ups are timed by, here and in the outbox; tests move it (decision 048). */
  clock?: () => Date
}

export function resolveDataDir(configured = runtimeConfig().dataDir, override?: string): string {
  return resolve(process.cwd(), override?.trim() || configured)
}

interface State {
  db: Database
  worker: OutboxWorker
  attached: Attachment[]
}

/** The database, the file store and the outbox's worker of one process; features take it. */
export type Backend = ReturnType<typeof createBackend>

export function createBackend(options: BackendOptions = {}) {
  const config = options.config ?? runtimeConfig()
  const dataDir = resolveDataDir(config.dataDir, options.dataDir)
  const files = options.files ?? openFileStore({ dataDir, storage: config.storage })
  const now = options.clock ?? (() => new Date())
  const starters = new Map<string, (db: Database) => Promise<Attachment | null>>()
  let current: State | undefined
  let opening: Promise<State> | undefined
  // A failed open costs seconds of CPU: do not repeat it per call.
  let lastFailure: { error: unknown; retryAt: number; delayMs: number } | undefined
  let closed = false
  let saltPromise: Promise<string> | undefined

  function open(): Promise<State> {
    if (closed) return Promise.reject(new Error('The backend is closed'))
    if (!opening && lastFailure && Date.now() < lastFailure.retryAt) return Promise.reject(lastFailure.error)
    if (!opening) {
      const attempt = (async (): Promise<State> => {
        const db = await openDatabase({
          dataDir,
          databaseUrl: options.databaseUrl ?? config.databaseUrl,
          lockWaitMs: options.lockWaitMs,
          migrations: options.migrations,
        })
        try {
          const worker = createOutboxWorker({ ...options.outbox, db, dataDir, config, files, now })
          if (options.startWorker) worker.start()
          const attached: Attachment[] = []
          for (const start of starters.values()) {
            const attachment = await start(db)
            if (attachment) attached.push(attachment)
          }
          return { db, worker, attached }
        } catch (error) {
          await db.close()
          throw error
        }
      })()
      opening = attempt
      attempt.then(
        (state) => {
          lastFailure = undefined
          current = state
        },
        (error: unknown) => {
          if (opening === attempt) opening = undefined
          const delayMs = lastFailure ? Math.min(lastFailure.delayMs * 2, 60_000) : (options.reopenDelayMs ?? 2_000)
          lastFailure = { error, retryAt: Date.now() + delayMs, delayMs }
          log('backend').error({ dataDir, err: error }, 'could not open the database')
          if (options.exitIfLocked && error instanceof DataFolderLockedError) process.exit(1)
        },
      )
    }
    return opening
  }

  return {
    config,
    dataDir,
    files,
    /** Now, as follow-ups are timed. */
    now,
    async ready() {
      await open()
    },
    /** What /readyz asks: the database answers and the worker runs. */
    async checkReady() {
      const state = await open()
      await sql`SELECT 1`.execute(state.db)
      if (options.startWorker && !state.worker.running) throw new Error('the outbox worker is not running')
    },
    db: async () => (await open()).db,
    outbox: async () => (await open()).worker,
    /** Delivers what the outbox holds now rather than at its next turn. */
    deliverSoon() {
      void open().then(
        (state) => state.worker.kick(),
        () => undefined,
      )
    },
    /** `start` runs on every open; what it returns closes with the backend. */
    attach(name: string, start: (db: Database) => Promise<Attachment | null>) {
      if (starters.has(name)) return
      starters.set(name, start)
      const state = current
      if (!state || closed) return
      start(state.db).then(
        (attachment) => attachment && state.attached.push(attachment),
        (error: unknown) => log('backend').error({ err: error, name }, `could not start ${name}`),
      )
    },
    /** The salt of visitors' hashed addresses and the tokens' key: kept in the database, shared by every instance. */
    ipHashSalt(): Promise<string> {
      if (config.quote.ipHashSalt) return Promise.resolve(config.quote.ipHashSalt)
      if (!saltPromise) {
        const attempt = (async () => {
          const { db } = await open()
          return keptSetting(db, 'ip_hash_salt', randomBytes(32).toString('hex'))
        })()
        saltPromise = attempt
        attempt.catch(() => saltPromise === attempt && (saltPromise = undefined))
      }
      return saltPromise
    },
    async close() {
      if (closed) return
      closed = true
      const pending = opening
      opening = undefined
      if (!pending) return
      const state = await pending.catch(() => undefined)
      if (!state) return
      try {
        for (const attachment of state.attached) await attachment.close()
        await state.worker.stop()
      } finally {
        await state.db.close()
      }
    },
  }
}

// On globalThis so dev reloads reuse it.
const SINGLETON = Symbol.for('pressure-washing-site.backend')
type GlobalWithBackend = typeof globalThis & { [SINGLETON]?: Backend }

export function getBackend(): Backend {
  const g = globalThis as GlobalWithBackend
  g[SINGLETON] ??= createBackend({ startWorker: true, exitIfLocked: true })
  return g[SINGLETON]
}

export async function closeBackend(): Promise<void> {
  const g = globalThis as GlobalWithBackend
  const backend = g[SINGLETON]
  delete g[SINGLETON]
  await backend?.close()
}
