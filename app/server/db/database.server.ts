// The one module that knows which database it is (docs/decisions/050-one-runtime.md): PGlite in DATA_DIR when
// DATABASE_URL is unset, else that PostgreSQL through node-postgres. Everything else sees `Database` only.
import { migrate, type Migration } from './migrations.server'
import { openPGlite } from './pglite.server'
import { openPostgres } from './postgres.server'
import { schemaFiles } from './schema-files.server'

export interface QueryResult<T> {
  rows: T[]
  /** Rows an INSERT, UPDATE or DELETE touched. */
  affectedRows: number
}

export interface Queryable {
  /** `$1`-style parameters. Pass JSON as a string (JSON.stringify): the two drivers differ on objects. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T>
  /** `npm run backup`'s copy of the database, gzipped; on PostgreSQL it says to use the server's own backups. */
  dump(): Promise<Uint8Array>
  close(): Promise<void>
}

export class DatabaseCommandError extends Error {
  override name = 'DatabaseCommandError'
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
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPGlite(options.dataDir, options.lockWaitMs, options.mustExist)
  try {
    await migrate(db, options.migrations ?? schemaFiles.migrations, schemaFiles.seedSql)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}
