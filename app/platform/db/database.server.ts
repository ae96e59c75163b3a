// The one module that knows which database it is (docs/decisions/050-one-runtime.md): PGlite in DATA_DIR when
// DATABASE_URL is unset, else that PostgreSQL through node-postgres. Everything else sees Kysely over the
// generated schema (docs/decisions/054-typed-queries.md): a renamed column fails tsc at each use.
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely'
import { log } from '../log/logger.server'
import type { Driver } from './driver.server'
import { migrate, type Migration } from './migrations.server'
import { openPGlite } from './pglite.server'
import { openPostgres } from './postgres.server'
import type { DB } from './schema.gen'
import { schemaFiles } from './schema-files.server'

export { DatabaseCommandError } from './data-folder-lock.server'

/** What a feature takes: the database, or a transaction of it. */
export type Db = Kysely<DB>

export interface DatabaseOptions {
  /** PGlite's folder is DATA_DIR/pglite. */
  dataDir: string
  databaseUrl?: string
  /** How long to wait for another process's hold on DATA_DIR (PGlite). */
  lockWaitMs?: number
  /** A command's open: an empty DATA_DIR is an error, not a new database. */
  mustExist?: boolean
  /** supabase/migrations/ unless given; supabase/seed.sql runs once, on a database with no migrations yet. */
  migrations?: Migration[]
  /** false: read it as it is, another version's schema included (a bench reading what another build stored). */
  migrate?: boolean
  /** Queries fail at once this long after a failed open, doubling up to a minute: an open costs seconds of CPU. */
  reopenDelayMs?: number
}

/**
 * Kysely over the database, opened and migrated by its first query (and again after a failed open), so a
 * module can hold one from its start. `close()` ends it.
 */
export class Database extends Kysely<DB> {
  readonly #opened: { driver?: Driver; closed?: boolean }

  /** `options` may be a function: read when it opens, so a process's handle can exist before its configuration. */
  constructor(given: DatabaseOptions | (() => DatabaseOptions)) {
    const opened: { driver?: Driver; closed?: boolean } = {}
    let failure: { error: unknown; retryAt: number; delayMs: number } | undefined
    const pool = async (): Promise<PostgresPool> => {
      // Kysely's destroy() before a first query leaves it free to open: a late query would take the folder again.
      if (opened.closed) throw new Error('the database is closed')
      if (failure && Date.now() < failure.retryAt) throw failure.error
      const options = typeof given === 'function' ? given() : given
      try {
        const driver = options.databaseUrl
          ? await openPostgres(options.databaseUrl)
          : await openPGlite(options.dataDir, options.lockWaitMs, options.mustExist)
        try {
          if (options.migrate !== false) {
            const migrator = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: driver.pool }) })
            await migrate(migrator, options.migrations ?? schemaFiles.migrations, schemaFiles.seedSql)
          }
        } catch (error) {
          await driver.pool.end()
          throw error
        }
        failure = undefined
        opened.driver = driver
        return driver.pool
      } catch (error) {
        const delayMs = failure ? Math.min(failure.delayMs * 2, 60_000) : (options.reopenDelayMs ?? 2_000)
        failure = { error, retryAt: Date.now() + delayMs, delayMs }
        log('database').error({ dataDir: options.dataDir, err: error }, 'could not open the database')
        throw error
      }
    }
    super({ dialect: new PostgresDialect({ pool }) })
    this.#opened = opened
  }

  /** Opens it now, if not yet; throws what the open threw. */
  async ready(): Promise<void> {
    await sql`SELECT 1`.execute(this)
  }

  async dump(): Promise<Uint8Array> {
    await this.ready()
    return this.#opened.driver!.dump()
  }

  close(): Promise<void> {
    this.#opened.closed = true
    return this.destroy()
  }
}

/** Opens and migrates now; the caller closes. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = new Database(options)
  try {
    await db.ready()
    return db
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
}
