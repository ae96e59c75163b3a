// supabase/migrations/ applied in name order, each once, under a lock so that instances starting together on one
// database apply them once. Their text comes from schema-files.server.ts.
import type { Database } from './database.server'

export interface Migration {
  name: string
  sql: string
}

/** Any constant: the key of the transaction-scoped lock that makes one instance at a time migrate. */
const MIGRATION_LOCK = 5_050_001

export async function migrate(db: Database, migrations: Migration[], seedSql: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    const exists = await tx.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`)
    const fresh = !exists.rows[0]?.t
    if (fresh)
      await tx.exec(`CREATE TABLE public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
        ALTER TABLE public.schema_migrations ENABLE ROW LEVEL SECURITY;`)
    const done = (await tx.query<{ name: string }>('SELECT name FROM public.schema_migrations')).rows.map((r) => r.name)
    const known = new Set(migrations.map((m) => m.name))
    const unknown = done.filter((name) => !known.has(name))
    if (unknown.length > 0)
      throw new Error(
        `The database was made by another version of the site (it has migration ${unknown[0]}, which this one ` +
          'does not know). Point DATA_DIR or DATABASE_URL at an empty database, or run that version.',
      )
    for (const migration of migrations) {
      if (done.includes(migration.name)) continue
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO public.schema_migrations (name) VALUES ($1)', [migration.name])
    }
    if (fresh && seedSql?.trim()) await tx.exec(seedSql)
  })
}
