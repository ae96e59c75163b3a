// PGlite in DATA_DIR/pglite: one process writes it, under the data folder's lock (docs/decisions/030); the
// site and a command in one process share it. Only database.server.ts imports this.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { PGlite, Results } from '@electric-sql/pglite'
import type { PostgresPoolClient } from 'kysely'
import { tightenDataFolder } from '../start/private-data-folder.server'
import type { Driver } from './database.server'
import { DatabaseCommandError, LOCK_WAIT_MS, lockDataFolder, takeHeldLock } from './data-folder-lock.server'

interface Shared {
  db: PGlite
  refs: number
  release: () => Promise<void>
  /** PGlite has one connection: whoever holds it (a query, or a transaction from BEGIN to COMMIT) runs alone. */
  connection: Promise<void>
}

const REGISTRY = Symbol.for('pressure-washing-site.pglite-registry')
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, Promise<Shared>> }

/** The default 128 MB grows inside PGlite's heap; leads need far less. */
const SMALL_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

async function loadPGlite(): Promise<typeof PGlite> {
  // The optimising tier kept ~45 MB more code; queries are not CPU-bound.
  setFlagsFromString('--liftoff-only')
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

/** Waits for the one connection; the returned function gives it back. */
function takeConnection(shared: Shared): Promise<() => void> {
  let give!: () => void
  const previous = shared.connection
  shared.connection = new Promise<void>((resolve) => (give = resolve))
  return previous.then(() => give)
}

function client(db: PGlite, release: () => void): PostgresPoolClient {
  return {
    async query<R>(sql: string, parameters: readonly unknown[]) {
      // Without parameters, the simple protocol: a migration's several statements in one call.
      const result: Results<R> =
        parameters.length > 0 ? await db.query<R>(sql, [...parameters]) : ((await db.exec(sql)).at(-1) as Results<R>)
      return { command: 'UPDATE' as const, rowCount: result?.affectedRows ?? 0, rows: result?.rows ?? [] }
    },
    release,
  } as PostgresPoolClient
}

async function openShared(dataDir: string, lockWaitMs: number, mustExist: boolean): Promise<Shared> {
  const g = globalThis as GlobalWithRegistry
  const registry = (g[REGISTRY] ??= new Map())
  let entry = registry.get(dataDir)
  if (!entry) {
    entry = (async () => {
      if (mustExist && !existsSync(join(dataDir, 'pglite', 'PG_VERSION')))
        throw new DatabaseCommandError(
          `No database in ${join(dataDir, 'pglite')}: start the site once, or restore a backup.`,
        )
      const release = takeHeldLock(dataDir) ?? (await lockDataFolder(dataDir, lockWaitMs))
      try {
        const PGlite = await loadPGlite()
        const path = join(dataDir, 'pglite')
        const startParams = [...PGlite.defaultStartParams, ...SMALL_MEMORY_SETTINGS]
        if (!existsSync(join(path, 'PG_VERSION'))) await createInWorker(path, startParams)
        const db = await PGlite.create(path, { startParams })
        // PGlite sets its files to 0666 itself, whatever the umask: they are the server user's alone (decision 052).
        tightenDataFolder(path)
        return { db, refs: 0, release, connection: Promise.resolve() }
      } catch (error) {
        await release()
        throw error
      }
    })()
    registry.set(dataDir, entry)
    const opening = entry
    opening.catch(() => registry.get(dataDir) === opening && registry.delete(dataDir))
  }
  const shared = await entry
  shared.refs++
  return shared
}

export async function openPGlite(dataDir: string, lockWaitMs = LOCK_WAIT_MS, mustExist = false): Promise<Driver> {
  const shared = await openShared(dataDir, lockWaitMs, mustExist)
  let closed = false
  return {
    pool: {
      options: {},
      connect: async () => client(shared.db, await takeConnection(shared)),
      async end() {
        if (closed) return
        closed = true
        if (--shared.refs > 0) return
        ;(globalThis as GlobalWithRegistry)[REGISTRY]?.delete(dataDir)
        try {
          await shared.db.close()
        } finally {
          await shared.release()
        }
      },
    },
    async dump() {
      const release = await takeConnection(shared)
      try {
        await shared.db.exec('CHECKPOINT')
        return new Uint8Array(await (await shared.db.dumpDataDir('gzip')).arrayBuffer())
      } finally {
        release()
      }
    },
  }
}
