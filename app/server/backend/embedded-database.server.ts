/**
 * The embedded database: one PGlite per data folder, a lock against a second process, and the
 * migrations in filename order (seed.sql once on a fresh database).
 */
import { mkdirSync, statSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import type { PGlite } from '@electric-sql/pglite'
import lockfile from 'proper-lockfile'
import { log } from '../log/logger.server'

export interface Migration {
  name: string
  sql: string
}

export interface SharedDb {
  db: PGlite
  refs: number
  release: () => Promise<void>
}

const REGISTRY = Symbol.for('pressure-washing-site.pglite-registry')
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, Promise<SharedDb>> }

function registry(): Map<string, Promise<SharedDb>> {
  const g = globalThis as GlobalWithRegistry
  g[REGISTRY] ??= new Map()
  return g[REGISTRY]
}

export const LOCK_FILE = 'pglite.lock'

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError'
}
/** An unrefreshed lock this old belongs to a dead process. */
const LOCK_STALE_MS = 10_000
export const LOCK_WAIT_MS = 15_000

/** An atomic mkdir kept fresh (proper-lockfile), not a PID: containers sharing a volume reuse PIDs. */
export async function lockDataFolder(dataDir: string, waitMs: number): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, LOCK_FILE)
  if (statSync(lockPath, { throwIfNoEntry: false })?.isFile()) unlinkSync(lockPath)
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 5,
      retries: waitMs > 0 ? { retries: Math.ceil(waitMs / 500), factor: 1, minTimeout: 500, maxTimeout: 500 } : 0,
      onCompromised: (error) => {
        // Someone else may be writing now: stop rather than become a second writer.
        log('backend').fatal({ dataDir, err: error }, 'lost the lock on the data folder; stopping')
        process.exit(1)
      },
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    throw new DataFolderLockedError(
      `The database in ${dataDir} is in use by another process (lock ${lockPath}). Stop that process first; ` +
        `a lock left by a process that died frees itself ${LOCK_STALE_MS / 1000} s later.`,
    )
  }
}

const HELD = Symbol.for('pressure-washing-site.data-folder-locks')
type GlobalWithHeld = typeof globalThis & { [HELD]?: Map<string, () => Promise<void>> }

/** Taken at start, before the server listens (start/nitro-data-folder-lock.server.ts); the database opens under it. */
export async function holdDataFolderLock(dataDir: string, waitMs = LOCK_WAIT_MS): Promise<void> {
  const g = globalThis as GlobalWithHeld
  g[HELD] ??= new Map()
  mkdirSync(dataDir, { recursive: true })
  g[HELD].set(dataDir, await lockDataFolder(dataDir, waitMs))
}

function takeHeldLock(dataDir: string): (() => Promise<void>) | undefined {
  const held = (globalThis as GlobalWithHeld)[HELD]
  const release = held?.get(dataDir)
  held?.delete(dataDir)
  return release
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly heap and are touched as
 * they fill; a site's leads fit in far less (docs/performance.md, memory).
 */
const SMALL_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

async function loadPGlite(): Promise<typeof PGlite> {
  // Baseline-compiled WebAssembly only: V8's optimising tier kept ~45 MB more code for PGlite, and a lead
  // query is not CPU-bound. Affects only WebAssembly, which nothing else in the server runs.
  setFlagsFromString('--liftoff-only')
  // Loaded here, not at the top: in Supabase mode PGlite (and its WebAssembly) is never read.
  return (await import('@electric-sql/pglite')).PGlite
}

export async function openShared(dataDir: string, lockWaitMs = LOCK_WAIT_MS): Promise<SharedDb> {
  const reg = registry()
  const key = dataDir
  let entry = reg.get(key)
  if (!entry) {
    entry = (async () => {
      mkdirSync(dataDir, { recursive: true })
      const release = takeHeldLock(dataDir) ?? (await lockDataFolder(dataDir, lockWaitMs))
      try {
        const PGlite = await loadPGlite()
        const db = await PGlite.create(join(dataDir, 'pglite'), {
          startParams: [...PGlite.defaultStartParams, ...SMALL_MEMORY_SETTINGS],
        })
        return { db, refs: 0, release }
      } catch (error) {
        await release()
        throw error
      }
    })()
    reg.set(key, entry)
    entry.catch(() => {
      if (reg.get(key) === entry) reg.delete(key)
    })
  }
  const shared = await entry
  shared.refs++
  return shared
}

export async function releaseShared(dataDir: string, shared: SharedDb): Promise<void> {
  shared.refs--
  if (shared.refs > 0) return
  const reg = registry()
  reg.delete(dataDir)
  try {
    await shared.db.close()
  } finally {
    await shared.release()
  }
}

export interface MigrationReport {
  fresh: boolean
  applied: string[]
  seeded: boolean
}

/** One transaction, so a crash mid-way leaves the database as it was. */
export async function migrate(db: PGlite, migrations: Migration[], seedSql: string | null): Promise<MigrationReport> {
  return db.transaction(async (tx) => {
    const exists = await tx.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`)
    const fresh = !exists.rows[0]?.t
    if (fresh) {
      await tx.exec(`CREATE TABLE public.schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE public.schema_migrations ENABLE ROW LEVEL SECURITY;`)
    }
    const done = new Set(
      (await tx.query<{ name: string }>(`SELECT name FROM public.schema_migrations`)).rows.map((r) => r.name),
    )
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      await tx.exec(migration.sql)
      await tx.query(`INSERT INTO public.schema_migrations (name) VALUES ($1)`, [migration.name])
      applied.push(migration.name)
    }
    let seeded = false
    if (fresh && seedSql && seedSql.trim()) {
      await tx.exec(seedSql)
      seeded = true
    }
    return { fresh, applied, seeded }
  })
}
