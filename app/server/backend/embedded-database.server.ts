/**
 * The embedded database: one PGlite per data folder, the lock that keeps a second process out, and the
 * migrations (supabase/migrations/*.sql in filename order, then seed.sql once on a fresh database).
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import seedSqlText from '../../../supabase/seed.sql?raw'

export interface Migration {
  name: string
  sql: string
}

/** Migrations bundled at build time (so a deployed server needs no source tree). */
const bundledMigrationFiles = import.meta.glob<string>('../../../supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export const bundledMigrations: Migration[] = Object.entries(bundledMigrationFiles)
  .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql }))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

export const bundledSeedSql: string = seedSqlText

export interface SharedDb {
  db: PGlite
  refs: number
  lockPath: string
}

const REGISTRY = Symbol.for('pressure-washing-site.pglite-registry')
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, Promise<SharedDb>> }

function registry(): Map<string, Promise<SharedDb>> {
  const g = globalThis as GlobalWithRegistry
  g[REGISTRY] ??= new Map()
  return g[REGISTRY]
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export const LOCK_FILE = 'pglite.lock'

function acquireLock(dataDir: string): string {
  const lockPath = join(dataDir, LOCK_FILE)
  const content = JSON.stringify({ pid: process.pid, since: new Date().toISOString() })
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, content, { flag: 'wx' })
      return lockPath
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder: number | undefined
    try {
      const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown }
      holder = typeof parsed.pid === 'number' ? parsed.pid : undefined
    } catch {
      holder = undefined
    }
    if (holder !== undefined && holder !== process.pid && pidAlive(holder)) {
      throw new Error(
        `The database in ${dataDir} is in use by another process (pid ${holder}). ` +
          `Stop that process first. If no such process is running, delete ${lockPath}.`,
      )
    }
    try {
      unlinkSync(lockPath) // stale (dead process) or left by this very process
    } catch {
      // raced with another remover: retry
    }
  }
  throw new Error(`Could not acquire ${lockPath}`)
}

function releaseLock(lockPath: string): void {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid?: unknown }
    if (parsed.pid === process.pid) unlinkSync(lockPath)
  } catch {
    // already gone
  }
}

export async function openShared(dataDir: string): Promise<SharedDb> {
  const reg = registry()
  const key = dataDir
  let entry = reg.get(key)
  if (!entry) {
    entry = (async () => {
      mkdirSync(dataDir, { recursive: true })
      const lockPath = acquireLock(dataDir)
      try {
        const db = await PGlite.create(join(dataDir, 'pglite'))
        return { db, refs: 0, lockPath }
      } catch (error) {
        releaseLock(lockPath)
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
    releaseLock(shared.lockPath)
  }
}

export interface MigrationReport {
  fresh: boolean
  applied: string[]
  seeded: boolean
}

/**
 * Apply pending migrations (and, on a fresh database, the seed) in ONE transaction: a crash
 * mid-way leaves the database as it was.
 */
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
