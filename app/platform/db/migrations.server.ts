// supabase/migrations/ applied in name order, each once, under a lock so that instances starting together on one
// database apply them once. Their text comes from schema-files.server.ts.
import { sql, type Kysely } from 'kysely'

export interface Migration {
  name: string
  sql: string
}

/** Any constant: the key of the transaction-scoped lock that makes one instance at a time migrate. */
const MIGRATION_LOCK = 5_050_001

// The table of applied migrations is not in the generated schema: it is made here, before any migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: this runs before the generated one exists
export async function migrate(db: Kysely<any>, migrations: Migration[], seedSql: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx)
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('public.schema_migrations')::text AS t`.execute(
      tx,
    )
    const fresh = !exists.rows[0]?.t
    if (fresh)
      await sql`CREATE TABLE public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
        ALTER TABLE public.schema_migrations ENABLE ROW LEVEL SECURITY;`.execute(tx)
    const done = (await sql<{ name: string }>`SELECT name FROM public.schema_migrations`.execute(tx)).rows.map(
      (r) => r.name,
    )
    const known = new Set(migrations.map((m) => m.name))
    const unknown = done.filter((name) => !known.has(name))
    if (unknown.length > 0)
      throw new Error(
        `The database was made by another version of the site (it has migration ${unknown[0]}, which this one ` +
          'does not know). Point DATA_DIR or DATABASE_URL at an empty database, or run that version.',
      )
    for (const migration of migrations) {
      if (done.includes(migration.name)) continue
      await sql.raw(migration.sql).execute(tx)
      await sql`INSERT INTO public.schema_migrations (name) VALUES (${migration.name})`.execute(tx)
    }
    if (fresh && seedSql?.trim()) await sql.raw(seedSql).execute(tx)
  })
}
