// The databases tests run on, each migrated once per run and copied: a PGlite folder (TEST_PGLITE_TEMPLATE), and
// under `npm run test:postgres` (TEST_DATABASE_URL, an admin URL) a database prepared as a Supabase project's is
// (TEST_DATABASE_TEMPLATE). A copy takes milliseconds where migrating takes seconds. Databases are not dropped: the
// cluster of `npm run test:postgres` is deleted at the end of the run.
import { randomBytes } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../../app/platform/db/database.server'

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

/**
 * A new database's URL on the cluster of TEST_DATABASE_URL (undefined when it is unset: PGlite runs): a copy of the
 * run's migrated one, or `empty` (also when there is none yet), as a new Supabase project's is before our migrations.
 */
export async function freshDatabaseUrl(
  adminUrl = process.env.TEST_DATABASE_URL,
  { empty = false } = {},
): Promise<string | undefined> {
  if (!adminUrl) return undefined
  const name = `t_${randomBytes(6).toString('hex')}`
  const template = empty ? undefined : process.env.TEST_DATABASE_TEMPLATE
  // Roles are cluster-wide: test files starting together may each try to create them, and one wins.
  await withClient(adminUrl, async (admin) => {
    await admin.query(SUPABASE_ROLES)
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  if (!template) await withClient(url.href, (client) => client.query(SUPABASE_DEFAULT_PRIVILEGES))
  return url.href
}

// The template's 1,100 entries, listed once per process: a copy is then a mkdir or a copyFile each, a third of the
// time cpSync takes to walk and check them again (about 90 ms against 250 a copy, hundreds of copies a run).
let templateEntries: { path: string; folder: boolean; mode: number }[] | undefined

/** Puts a copy of the run's migrated PGlite into `dataDir` (nothing when there is none: the site migrates). */
export function copyMigratedPGlite(dataDir: string): void {
  const template = process.env.TEST_PGLITE_TEMPLATE
  if (!template) return
  const from = join(template, 'pglite')
  templateEntries ??= readdirSync(from, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = relative(from, join(entry.parentPath, entry.name))
    return { path, folder: entry.isDirectory(), mode: statSync(join(from, path)).mode }
  })
  mkdirSync(join(dataDir, 'pglite'), { mode: statSync(from).mode })
  // Listed parents first, so each folder exists before what it holds; copyFile keeps each file's mode.
  for (const { path, folder, mode } of templateEntries) {
    if (folder) mkdirSync(join(dataDir, 'pglite', path), { mode })
    else copyFileSync(join(from, path), join(dataDir, 'pglite', path))
  }
}

/** A new DATA_DIR holding a copy of the run's migrated PGlite, in the run's folder of them (removed at its end). */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(join(process.env.TEST_DATA_ROOT ?? tmpdir(), 'site-data-'))
  copyMigratedPGlite(dataDir)
  return dataDir
}

/**
 * Migrates the run's templates, unless the environment already names them (a parent made them), and names them
 * there for every process started after; the returned function deletes what this call made.
 */
export async function prepareMigratedTemplates(): Promise<() => void> {
  let folder: string | undefined
  let dataRoot: string | undefined
  if (!process.env.TEST_DATA_ROOT) {
    // 40 MB a server: a run left gigabytes in the temporary folder. Open to traverse as /tmp is, so that what keeps
    // others out of a DATA_DIR is its own mode (e2e/private-files.spec.ts).
    dataRoot = process.env.TEST_DATA_ROOT = mkdtempSync(join(tmpdir(), 'site-run-'))
    chmodSync(dataRoot, 0o755)
  }
  if (!process.env.TEST_PGLITE_TEMPLATE) {
    folder = mkdtempSync(join(tmpdir(), 'site-template-'))
    // The site's own umask (decision 052), so that a server started on a copy has nothing to close.
    const umask = process.umask(0o077)
    try {
      await (await openDatabase({ dataDir: folder })).close()
    } finally {
      process.umask(umask)
    }
    process.env.TEST_PGLITE_TEMPLATE = folder
  }
  if (process.env.TEST_DATABASE_URL && !process.env.TEST_DATABASE_TEMPLATE) {
    const url = (await freshDatabaseUrl(process.env.TEST_DATABASE_URL, { empty: true }))!
    await (await openDatabase({ dataDir: tmpdir(), databaseUrl: url })).close()
    process.env.TEST_DATABASE_TEMPLATE = new URL(url).pathname.slice(1)
  }
  return () => {
    for (const made of [folder, dataRoot]) if (made && existsSync(made)) rmSync(made, { recursive: true, force: true })
  }
}

// Vitest's globalSetup (vitest.config.ts): the templates once for every test file, deleted at the end.
export default prepareMigratedTemplates
