// With TEST_DATABASE_URL (an admin URL to a running cluster, set by `npm run test:postgres`): a new empty database
// per call, prepared as a Supabase project's is before our migrations run. Unset: undefined, and PGlite runs.
// Databases are not dropped: the cluster of `npm run test:postgres` is deleted at the end of the run.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

// Supabase's API roles, and the privileges Supabase gives them on whatever the migrating role creates in `public`:
// the baseline migration must take these back (supabase/migrations/*_baseline.sql, "Access").
const SUPABASE_ROLES = `DO $$ BEGIN
  CREATE ROLE anon NOLOGIN NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN
  CREATE ROLE authenticated NOLOGIN NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;`

const SUPABASE_DEFAULT_PRIVILEGES = `
GRANT USAGE ON SCHEMA public TO anon, authenticated;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated;`

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

/** A new empty database's URL on the cluster of TEST_DATABASE_URL, or undefined when it is unset. */
export async function freshDatabaseUrl(adminUrl = process.env.TEST_DATABASE_URL): Promise<string | undefined> {
  if (!adminUrl) return undefined
  const name = `t_${randomBytes(6).toString('hex')}`
  // Roles are cluster-wide: test files starting together may each try to create them, and one wins.
  await withClient(adminUrl, async (admin) => {
    await admin.query(SUPABASE_ROLES)
    await admin.query(`CREATE DATABASE ${name}`)
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  await withClient(url.href, (client) => client.query(SUPABASE_DEFAULT_PRIVILEGES))
  return url.href
}
