import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { LOCK_WAIT_MS, lockDataFolder, takeHeldLock } from './data-folder-lock.server'

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

/** The default 128 MB grows inside PGlite's heap; leads need far less. */
const SMALL_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

async function loadPGlite(): Promise<typeof PGlite> {
  // The optimising tier kept ~45 MB more code; queries are not CPU-bound.
  setFlagsFromString('--liftoff-only')
  // Here so Supabase mode never loads PGlite.
  return (await import('@electric-sql/pglite')).PGlite
}

const CREATE_DATABASE = `const { workerData: { entry, path, startParams } } = require('node:worker_threads')
require(entry).PGlite.create(path, { startParams }).then((db) => db.close())`

/** A worker's initdb memory (~330 MB) goes at its exit, not at a later full collection. */
async function createInWorker(path: string, startParams: string[]): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const worker = new Worker(CREATE_DATABASE, { eval: true, workerData: { entry, path, startParams } })
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the database: exit ${code}`))))
  })
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
        const path = join(dataDir, 'pglite')
        const startParams = [...PGlite.defaultStartParams, ...SMALL_MEMORY_SETTINGS]
        if (!existsSync(join(path, 'PG_VERSION'))) await createInWorker(path, startParams)
        const db = await PGlite.create(path, { startParams })
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
