// Any PostgreSQL 15+ through node-postgres: a Supabase project's database through its pooler, or your own.
// Only database.server.ts imports this. Values come back as PGlite gives them, so no caller can tell.
import pg from 'pg'
import type { PostgresPoolClient } from 'kysely'
import { DatabaseCommandError } from './data-folder-lock.server'
import type { Driver } from './driver.server'

const int8 = (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : BigInt(text))
const date = (text: string) => (text === 'infinity' ? Infinity : text === '-infinity' ? -Infinity : new Date(text))
// pg-types' own array parser, which its typings leave out.
const arrayParser = pg.types.arrayParser as unknown as {
  create(text: string, parse: (text: string) => unknown): { parse(): unknown[] }
}
const array = (parse: (text: string) => unknown) => (text: string) => arrayParser.create(text, parse).parse()
// PGlite's choices: an int8 within the safe range is a number, a date a Date at UTC midnight; arrays alike.
const PARSERS: Record<number, (text: string) => unknown> = {
  20: int8,
  1082: date,
  1016: array(int8),
  1182: array(date),
}

const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig

// As PGlite sends a Date: its UTC instant, whatever the process's time zone.
const parameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value)

function client(connection: pg.PoolClient): PostgresPoolClient {
  return {
    async query(text: string, parameters: readonly unknown[]) {
      // Without parameters, node-postgres takes the simple protocol: a migration's several statements in one call.
      const values = parameters.length > 0 ? parameters.map(parameter) : undefined
      const result = (await connection.query({ text, values })) as pg.QueryResult | pg.QueryResult[]
      return Array.isArray(result) ? result.at(-1)! : result
    },
    release: (destroy?: boolean) => connection.release(destroy),
  } as unknown as PostgresPoolClient
}

/** A pool of a few connections: the site's queries are short, and a Supabase pooler shares its own. */
export async function openPostgres(connectionString: string): Promise<Driver> {
  const pool = new pg.Pool({ connectionString, max: 10, types, connectionTimeoutMillis: 10_000 })
  // An idle connection the server drops must not bring the process down.
  pool.on('error', () => undefined)
  await pool.query('SELECT 1')
  return {
    pool: {
      options: pool.options,
      connect: async () => client(await pool.connect()),
      end: () => pool.end(),
    },
    dump() {
      return Promise.reject(
        new DatabaseCommandError(
          'DATABASE_URL is set: back the database up with its own tools (pg_dump, or Supabase → Database → Backups).',
        ),
      )
    },
  }
}
