// PGlite in DATA_DIR/pglite: one process writes it, under the data folder's lock (docs/decisions/030); the
// site and a command in one process share it. Only database.server.ts imports this.
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type * as Engine from '@electric-sql/pglite'
import type { PGlite, Results } from '@electric-sql/pglite'
import type { PostgresPoolClient } from 'kysely'
import { tightenDataFolder } from '../start/private-data-folder.server'
import type { Driver } from './driver.server'
import { DatabaseCommandError, LOCK_WAIT_MS, lockDataFolder, takeHeldLock } from './data-folder-lock.server'

interface Shared {
  db: PGlite
  /** The module, imported when a PGlite is first opened: a server on PostgreSQL never loads it. */
  engine: typeof Engine
  refs: number
  release: () => Promise<void>
  /** PGlite has one connection: whoever holds it (a query, or a transaction from BEGIN to COMMIT) runs alone. */
  connection: Promise<void>
  /** Parsed statements by SQL text: see preparedQuery. */
  statements: Map<string, { name: string; parameterTypes: number[] }>
}

const REGISTRY = Symbol.for('pressure-washing-site.pglite-registry')
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Map<string, Promise<Shared>> }

/** The default 128 MB grows inside PGlite's heap; leads need far less. */
const SMALL_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

async function loadPGlite(): Promise<typeof Engine> {
  // The optimising tier kept ~45 MB more code; queries are not CPU-bound.
  setFlagsFromString('--liftoff-only')
  return import('@electric-sql/pglite')
}

const CREATE_DATABASE = `const { workerData: { entry, path, startParams } } = require('node:worker_threads')
require(entry).PGlite.create(path, { startParams }).then((db) => db.close())`

/** A worker's initdb memory (~330 MB) goes at its exit, not at a later full collection. */
async function createInWorker(path: string, startParams: string[]): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const worker = new Worker(CREATE_DATABASE, { eval: true, workerData: { entry, path, startParams } })
  const [code] = (await once(worker, 'exit')) as [number]
  if (code !== 0) throw new Error(`creating the database: exit ${code}`)
}

/** Waits for the one connection; the returned function gives it back. */
function takeConnection(shared: Shared): Promise<() => void> {
  let give!: () => void
  const previous = shared.connection
  shared.connection = new Promise<void>((resolve) => (give = resolve))
  return previous.then(() => give)
}

/** Kysely writes one text per query shape, so a few dozen serve the site; lists of varying length make more. */
export const MAX_STATEMENTS = 500

/**
 * A query with parameters as a named statement, parsed and planned once per text (decision 058): PGlite's own
 * `query()` parses, plans and describes every call, six trips into the engine. Values are serialized by the
 * parameter types the statement was parsed with, as `query()` does. Migrations run before the first query, so no
 * statement outlives a change to the columns it returns.
 */
async function preparedQuery<R>(
  shared: Shared,
  sql: string,
  parameters: readonly unknown[],
  begin: boolean,
): Promise<Results<R>> {
  const { db, statements, engine } = shared
  const { parse } = engine
  const { serialize } = engine.protocol
  let statement = statements.get(sql)
  if (!statement) {
    const name = `s${statements.size}`
    const { messages } = await db.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    )
    statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) }
    statements.set(sql, statement)
  }
  const values = parameters.map((value, index) => {
    if (value === null || value === undefined) return null
    const serializer = db.serializers[statement.parameterTypes[index]!]
    return serializer ? serializer(value) : String(value)
  })
  const { messages } = await db.execProtocol(
    Buffer.concat([
      ...(begin ? [serialize.query('BEGIN')] : []),
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  )
  return parse.parseResults(messages, db.parsers).at(-1) as Results<R>
}

/** PGlite's `exec()` follows each call with a Sync, a second trip: the simple protocol ends ready without it. */
async function simpleQuery<R>({ db, engine }: Shared, sql: string): Promise<Results<R> | undefined> {
  const { messages } = await db.execProtocol(engine.protocol.serialize.query(sql))
  return engine.parse.parseResults(messages, db.parsers).at(-1) as Results<R> | undefined
}

const noRows = () => ({ command: 'UPDATE' as const, rowCount: 0, rows: [] })

function client(shared: Shared, release: () => void): PostgresPoolClient {
  // A transaction's BEGIN goes into the engine with its first statement: one trip fewer (decision 058).
  let beginPending = false
  return {
    async query<R>(sql: string, parameters: readonly unknown[]) {
      if (sql === 'begin') {
        beginPending = true
        return noRows()
      }
      const begin = beginPending
      beginPending = false
      if (begin && (sql === 'commit' || sql === 'rollback')) return noRows()
      let result: Results<R> | undefined
      // Without parameters, the simple protocol: a migration's several statements in one call.
      if (parameters.length === 0)
        result = await shared.db._runExclusiveQuery(() => simpleQuery<R>(shared, begin ? `BEGIN; ${sql}` : sql))
      else if (shared.statements.has(sql) || shared.statements.size < MAX_STATEMENTS)
        result = await shared.db._runExclusiveQuery(() => preparedQuery<R>(shared, sql, parameters, begin))
      else {
        if (begin) await shared.db.exec('BEGIN')
        result = await shared.db.query<R>(sql, [...parameters])
      }
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
        const engine = await loadPGlite()
        const { PGlite } = engine
        const path = join(dataDir, 'pglite')
        const startParams = [...PGlite.defaultStartParams, ...SMALL_MEMORY_SETTINGS]
        if (!existsSync(join(path, 'PG_VERSION'))) await createInWorker(path, startParams)
        const db = await PGlite.create(path, { startParams })
        // PGlite sets its files to 0666 itself, whatever the umask: they are the server user's alone (decision 052).
        tightenDataFolder(path)
        return { db, engine, refs: 0, release, connection: Promise.resolve(), statements: new Map() }
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
  return {
    pool: {
      options: {},
      connect: async () => client(shared, await takeConnection(shared)),
      async end() {
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
