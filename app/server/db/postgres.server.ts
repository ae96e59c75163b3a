// Any PostgreSQL 15+ through node-postgres: a Supabase project's database through its pooler, or your own.
// Only database.server.ts imports this. Values come back as PGlite gives them, so no caller can tell.
import pg from 'pg'
import type { Database, Queryable } from './database.server'
import { DatabaseCommandError } from './database.server'

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

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      // As PGlite sends a Date: its UTC instant, whatever the process's time zone.
      const values = params.map((value) => (value instanceof Date ? value.toISOString() : value))
      const result = await client.query({ text, values })
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
    async exec(sql) {
      await client.query(sql)
    },
  }
}

/** A pool of a few connections: the site's queries are short, and a Supabase pooler shares its own. */
export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, types, connectionTimeoutMillis: 10_000 })
  // An idle connection the server drops must not bring the process down.
  pool.on('error', () => undefined)
  await pool.query('SELECT 1')
  let closed = false
  return {
    ...queryable(pool),
    async transaction(run) {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        await client.query('BEGIN')
        const result = await run(queryable(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        // A connection that cannot roll back leaves the pool.
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError))
        throw error
      } finally {
        client.release(broken)
      }
    },
    dump() {
      return Promise.reject(
        new DatabaseCommandError(
          'DATABASE_URL is set: back the database up with its own tools (pg_dump, or Supabase → Database → Backups).',
        ),
      )
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
