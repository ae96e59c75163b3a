// The connection module (app/platform/db/database.server.ts) on whichever database this run has: PGlite in a temp
// DATA_DIR under `npm test`, a fresh PostgreSQL 15 database per test under `npm run test:postgres`.
import { schemaFiles } from '../../app/platform/db/schema-files.server'
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase, type Database, type DatabaseOptions, type Db } from '../../app/platform/db/database.server'
import { MAX_STATEMENTS } from '../../app/platform/db/pglite.server'
import { reusedQuery, type Value } from '../../app/platform/db/reused-query.server'
import { migratedSiteData, useCleanup, useTempDirs } from './helpers'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const driver = onPostgres ? 'PostgreSQL' : 'PGlite'
// Stacked after-each hooks: the databases close before their folders go.
const tempDir = useTempDirs()
const cleanup = useCleanup()

/** What a server is given, a copy of the run's migrated database: reopening with them reaches the same one. */
async function freshOptions(): Promise<DatabaseOptions> {
  return migratedSiteData(await tempDir())
}

async function open(options: DatabaseOptions): Promise<Database> {
  const db = await openDatabase(options)
  cleanup.push(() => db.close())
  return db
}

async function freshDatabase(): Promise<Database> {
  return open(await freshOptions())
}

/** Distinct names the migrations define with `CREATE <kind> public.<name>`. */
function definedInMigrations(kind: 'TABLE' | 'FUNCTION'): number {
  const sql = schemaFiles.migrations.map((migration) => migration.sql).join('\n')
  const names = sql.matchAll(new RegExp(`CREATE (?:OR REPLACE )?${kind} public\\.(\\w+)`, 'gi'))
  return new Set([...names].map((match) => match[1])).size
}

// A fresh PGlite runs initdb (several seconds on a slow machine).
describe(`the database (${driver})`, { timeout: 90_000 }, () => {
  it('gives back dates, numbers, numeric text, JSON and arrays as the other driver does', async () => {
    const db = await freshDatabase()
    await sql`CREATE TABLE public.sample (at timestamptz, day date, price numeric(10,2), visits integer,
      views bigint, huge bigint, details jsonb, widths integer[])`.execute(db)
    const details = { note: `Bob's "deck" — café ☀`, photos: [{ name: 'a.jpg', size: 120 }], seen: true, gone: null }
    const at = new Date('2026-05-01T14:30:00.250Z')
    const values = [at, '2026-05-01', '1250.5', 7, Number.MAX_SAFE_INTEGER, '9007199254740993', JSON.stringify(details)]
    await sql`INSERT INTO public.sample VALUES (${sql.join(values)}, '{320,640,1280}')`.execute(db)
    const { rows } = await sql`SELECT *, (SELECT count(*)::int FROM public.sample) AS counted,
      (SELECT count(*) FROM public.sample) AS counted_bigint FROM public.sample`.execute(db)
    expect(rows).toEqual([
      {
        at,
        day: new Date('2026-05-01T00:00:00.000Z'),
        price: '1250.50',
        visits: 7,
        views: Number.MAX_SAFE_INTEGER,
        huge: 9007199254740993n,
        details,
        widths: [320, 640, 1280],
        counted: 1,
        counted_bigint: 1,
      },
    ])
  })

  it("keeps a transaction's writes when it ends and none of them when it fails half-way", async () => {
    const db = await freshDatabase()
    await sql`CREATE TABLE public.ledger (entry text PRIMARY KEY)`.execute(db)
    const insert = (tx: Db, entry: string) => sql`INSERT INTO public.ledger VALUES (${entry})`.execute(tx)
    const returned = await db.transaction().execute(async (tx) => {
      await insert(tx, 'first')
      return Number((await insert(tx, 'second')).numAffectedRows)
    })
    expect(returned).toBe(1)
    const thrown = db.transaction().execute(async (tx) => {
      await insert(tx, 'third')
      throw new Error('stopped half-way')
    })
    await expect(thrown).rejects.toThrow('stopped half-way')
    const refused = db.transaction().execute(async (tx) => {
      await insert(tx, 'fourth')
      await insert(tx, 'first')
    })
    await expect(refused).rejects.toThrow(/duplicate key/)
    // Its first statement failing (PGlite sends BEGIN with it), and one with no statement at all.
    await expect(db.transaction().execute((tx) => insert(tx, 'first'))).rejects.toThrow(/duplicate key/)
    await db.transaction().execute(async () => {})
    await db.transaction().execute((tx) => insert(tx, 'fifth'))
    const { rows } = await sql<{ entry: string }>`SELECT entry FROM public.ledger ORDER BY entry`.execute(db)
    expect(rows.map((row) => row.entry)).toEqual(['fifth', 'first', 'second'])
  })

  // app/platform/db/pglite.server.ts: PGlite's own query() parses and plans every call.
  it.skipIf(onPostgres)(
    'on PGlite, parses a query once however often it runs, with each call its own values',
    async () => {
      const db = await freshDatabase()
      await sql`CREATE TABLE public.visits (page text, at timestamptz)`.execute(db)
      const pages = ['/', '/contact', '/gallery']
      for (const [day, page] of pages.entries())
        await sql`INSERT INTO public.visits VALUES (${page}, ${new Date(Date.UTC(2026, 10, day + 1))})`.execute(db)
      const { rows } = await sql<{ page: string; at: Date }>`SELECT page, at FROM public.visits ORDER BY at`.execute(db)
      expect(rows).toEqual(pages.map((page, day) => ({ page, at: new Date(Date.UTC(2026, 10, day + 1)) })))
      const parsed = await sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_prepared_statements
      WHERE statement LIKE ${'INSERT INTO public.visits%'}`.execute(db)
      expect(parsed.rows).toEqual([{ count: 1 }])
    },
  )

  it.skipIf(onPostgres)(
    `on PGlite, names at most ${MAX_STATEMENTS} statements, and runs the next ones unnamed`,
    async () => {
      const db = await freshDatabase()
      const named = async () =>
        (await sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_prepared_statements`.execute(db)).rows[0]!
          .count
      const before = await named()
      for (let i = before; i < MAX_STATEMENTS; i++) await sql`SELECT ${i}::int AS ${sql.ref(`n${i}`)}`.execute(db)
      expect(await named()).toBe(MAX_STATEMENTS)
      const { rows } = await sql<{ past: number }>`SELECT ${MAX_STATEMENTS + 1}::int AS past`.execute(db)
      expect(rows).toEqual([{ past: MAX_STATEMENTS + 1 }])
      expect(await named()).toBe(MAX_STATEMENTS)
    },
  )

  it.skipIf(onPostgres)('on PGlite, a transaction of n statements is n + 1 trips into the engine', async () => {
    const options = await freshOptions()
    const db = await open(options)
    await sql`CREATE TABLE public.steps (n integer)`.execute(db)
    const write = () =>
      db.transaction().execute(async (tx) => {
        await sql`INSERT INTO public.steps VALUES (${1})`.execute(tx)
        await sql`INSERT INTO public.steps VALUES (${2})`.execute(tx)
      })
    await write() // parses the statement once
    // The driver's shared PGlite, by its folder (app/platform/db/pglite.server.ts).
    const registry = (globalThis as Record<symbol, Map<string, Promise<{ db: PGlite }>>>)[
      Symbol.for('pressure-washing-site.pglite-registry')
    ]!
    const engine = (await registry.get(options.dataDir))!.db
    const execProtocolRaw = engine.execProtocolRaw.bind(engine)
    let trips = 0
    engine.execProtocolRaw = (...args) => (trips++, execProtocolRaw(...args))
    await write()
    expect(trips).toBe(3)
  })

  it("a query built once per shape runs with each call's own values", async () => {
    const db = await freshDatabase()
    let built = 0
    const echo = reusedQuery((value: Value<{ n: number; text: string }>, shape: { twice: boolean }, db) => {
      built++
      return db.selectNoFrom([
        sql<number>`${value('n')}::int * ${shape.twice ? 2 : 1}`.as('n'),
        sql<string>`${value('text')}::text`.as('text'),
      ])
    })
    expect(await echo(db, { twice: false }, { n: 1, text: 'one' })).toEqual([{ n: 1, text: 'one' }])
    expect(await echo(db, { twice: false }, { n: 5, text: "it's" })).toEqual([{ n: 5, text: "it's" }])
    expect(await echo(db, { twice: true }, { n: 5, text: 'five' })).toEqual([{ n: 10, text: 'five' }])
    expect(built).toBe(2)
  })

  it('refuses a database made by another version of the site, naming the migration it does not know', async () => {
    const options = await freshOptions()
    const db = await open(options)
    await sql`INSERT INTO public.schema_migrations (name) VALUES ('29990101000000_from_the_future.sql')`.execute(db)
    await db.close()
    await expect(openDatabase(options)).rejects.toThrow(
      /made by another version of the site \(it has migration 29990101000000_from_the_future\.sql/,
    )
  })

  // Two servers starting together on an empty PostgreSQL migrate and seed it once: instances.test.ts.

  // A Supabase project's API acts as these roles; after the migrations they must reach no row and no function,
  // though Supabase grants them everything the migrating role creates (tests/support/test-database.ts).
  describe.each(['anon', 'authenticated'])('on PostgreSQL only, as Supabase prepares it, the %s role', (role) => {
    it.skipIf(!onPostgres)('may not read, write or empty any table, nor call any function', async () => {
      const db = await freshDatabase()
      const tables = await sql<{ name: string }>`SELECT format('public.%I', tablename) AS name
        FROM pg_tables WHERE schemaname = 'public'`.execute(db)
      expect(tables.rows.length).toBeGreaterThanOrEqual(definedInMigrations('TABLE'))
      const outcomes: string[] = []
      await db.transaction().execute(async (tx) => {
        const exec = (statement: string) => sql.raw(statement).execute(tx)
        await exec(`SET LOCAL ROLE ${role}`)
        for (const { name } of tables.rows)
          for (const statement of [`SELECT * FROM ${name}`, `INSERT INTO ${name} DEFAULT VALUES`, `TRUNCATE ${name}`]) {
            await exec('SAVEPOINT attempt')
            const outcome = await exec(statement).then(
              () => 'allowed',
              (error: { code?: string; message: string }) => `${error.code} ${error.message}`,
            )
            await exec('ROLLBACK TO SAVEPOINT attempt')
            outcomes.push(`${statement}: ${outcome}`)
          }
      })
      // 42501 alone would also be row level security refusing the INSERT; the grant itself must be gone.
      const denied = /: 42501 permission denied for table /
      expect(outcomes.filter((outcome) => !denied.test(outcome))).toEqual([])

      const functions = await sql<{ name: string; callable: boolean }>`SELECT oid::regprocedure::text AS name,
        has_function_privilege(${role}, oid, 'EXECUTE') AS callable
        FROM pg_proc WHERE pronamespace = 'public'::regnamespace`.execute(db)
      expect(functions.rows.length).toBeGreaterThanOrEqual(definedInMigrations('FUNCTION'))
      expect(functions.rows.filter((fn) => fn.callable).map((fn) => fn.name)).toEqual([])
    })
  })
})
