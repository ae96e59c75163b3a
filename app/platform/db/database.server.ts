// The one module that knows which database it is (docs/decisions/050-one-runtime.md): PGlite in DATA_DIR when
// DATABASE_URL is unset, else that PostgreSQL through node-postgres. Everything else sees Kysely over the
// generated schema (docs/decisions/054-typed-queries.md): a renamed column fails tsc at each use.
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import { migrate, type Migration } from './migrations.server'
import { openPGlite } from './pglite.server'
import { openPostgres } from './postgres.server'
import type { DB } from './schema.gen'
import { schemaFiles } from './schema-files.server'

export { DatabaseCommandError } from './data-folder-lock.server'

/** What a feature takes: the database, or a transaction of it. */
export type Db = Kysely<DB>

/** A driver's connections as Kysely's Postgres dialect takes them, and what only the driver can do. */
export interface Driver {
  pool: PostgresPool
  /** `npm run backup`'s copy of the database, gzipped; on PostgreSQL it says to use the server's own backups. */
  dump(): Promise<Uint8Array>
}

/** The open database: Kysely, plus what its opener alone needs. */
export class Database extends Kysely<DB> {
  readonly #driver: Driver

  constructor(driver: Driver) {
    super({ dialect: new PostgresDialect({ pool: driver.pool }) })
    this.#driver = driver
  }

  dump(): Promise<Uint8Array> {
    return this.#driver.dump()
  }

  close(): Promise<void> {
    return this.destroy()
  }
}

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
}

/** Opens and migrates; the caller closes. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = new Database(
    options.databaseUrl
      ? await openPostgres(options.databaseUrl)
      : await openPGlite(options.dataDir, options.lockWaitMs, options.mustExist),
  )
  try {
    await migrate(db, options.migrations ?? schemaFiles.migrations, schemaFiles.seedSql)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}
