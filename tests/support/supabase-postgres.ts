// A throwaway PostgreSQL 15 cluster with hosted Supabase's roles (as in its init scripts): `postgres` is
// not a superuser, and default privileges grant ALL on new objects in `public` to anon, authenticated
// and service_role, as hosted Supabase does, so the migrations must revoke what they do not mean to grant.
import { execFileSync, spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chownSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port'

export interface PgCluster {
  binDir: string
  port: number
  host: string
  socketDir: string
  dataDir: string
  database: string
  url(user?: 'postgres' | 'authenticator'): string
  log(): string
  stop(): void
}

export interface PsqlOptions {
  user?: string
  database?: string
  role?: string
  file?: string
  singleTransaction?: boolean
  extraArgs?: string[]
}

export interface PsqlResult {
  ok: boolean
  code: number | null
  stdout: string
  stderr: string
}

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations')
export const SEED_FILE = join(ROOT, 'supabase', 'seed.sql')

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function pgBinDir() {
  for (const version of ['15', '16', '17']) {
    const dir = `/usr/lib/postgresql/${version}/bin`
    if (existsSync(join(dir, 'initdb'))) return dir
  }
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  return fromPath ? dirname(fromPath) : undefined
}

/** The PostgreSQL bin dir; installs Debian's `postgresql` (15 on Debian 12) when missing and root. */
export function ensurePostgres() {
  const found = pgBinDir()
  if (found) return found
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error('PostgreSQL is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y postgresql).')
  }
  console.log('PostgreSQL is missing: installing Debian postgresql with apt-get ...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env })
  const installed = pgBinDir()
  if (!installed) throw new Error('apt-get installed postgresql but no initdb was found')
  return installed
}

/** pg_cron (Debian's postgresql-NN-cron), for the schedule that retries owner e-mails; installed when missing and root. */
export function ensurePgCron(binDir = ensurePostgres()): void {
  const version = binDir.match(/postgresql\/(\d+)\//)?.[1]
  if (existsSync(join(dirname(binDir), 'lib', 'pg_cron.so'))) return
  if (!version || !isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `pg_cron is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y postgresql-${version ?? 'NN'}-cron).`,
    )
  }
  console.log(`pg_cron is missing: installing Debian postgresql-${version}-cron with apt-get ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['install', '-y', '-qq', `postgresql-${version}-cron`], { stdio: 'inherit', env })
}

/** Local-only passwords of the throwaway cluster (it listens on 127.0.0.1 and is deleted after). */
export const LOCAL_PASSWORDS = { postgres: 'local-postgres-password', authenticator: 'local-authenticator-password' }

const BOOTSTRAP_CLUSTER_SQL = `
-- Supabase's API roles (supabase/postgres init script).
CREATE ROLE postgres LOGIN CREATEROLE CREATEDB REPLICATION BYPASSRLS PASSWORD '${LOCAL_PASSWORDS.postgres}';
CREATE ROLE anon NOLOGIN NOINHERIT;
CREATE ROLE authenticated NOLOGIN NOINHERIT;
CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
CREATE ROLE authenticator LOGIN NOINHERIT PASSWORD '${LOCAL_PASSWORDS.authenticator}';
GRANT anon, authenticated, service_role TO authenticator;
GRANT anon, authenticated, service_role TO postgres;
ALTER ROLE anon SET statement_timeout = '3s';
ALTER ROLE authenticated SET statement_timeout = '8s';
CREATE DATABASE app OWNER postgres;
`

const BOOTSTRAP_DATABASE_SQL = `
GRANT USAGE ON SCHEMA public TO postgres, anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
-- Supabase Auth's schema as its init scripts leave it (owned by supabase_admin); only what the policies use.
CREATE SCHEMA auth;
CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                  (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('request.jwt.claim', true), ''),
                  nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
GRANT USAGE ON SCHEMA auth TO postgres, anon, authenticated, service_role;
`

function psqlCommand(
  cluster: PgCluster,
  sql: string,
  { user = 'postgres', database = 'app', role, file, singleTransaction = false, extraArgs = [] }: PsqlOptions,
) {
  const args = [
    '-X',
    '-q',
    '-A',
    '-t',
    '-v',
    'ON_ERROR_STOP=1',
    '-v',
    'VERBOSITY=verbose',
    '-h',
    cluster.socketDir,
    '-p',
    String(cluster.port),
    '-U',
    user,
    '-d',
    database,
  ]
  if (singleTransaction) args.push('--single-transaction')
  args.push(...extraArgs)
  let input = ''
  if (role) input += `SET ROLE ${role};\n`
  if (file) args.push('-f', file)
  else input += sql
  const env = { ...process.env, PGCONNECT_TIMEOUT: '10', PGOPTIONS: '-c client_min_messages=warning' }
  return { bin: join(cluster.binDir, 'psql'), args, input, env }
}

/**
 * Run SQL with psql over the cluster's unix socket. Returns { ok, stdout, stderr, code }.
 * `role`: SET ROLE first (e.g. 'anon'). Errors carry the SQLSTATE ("ERROR:  42501: ...").
 */
export function psql(cluster: PgCluster, sql: string, options: PsqlOptions = {}): PsqlResult {
  const { bin, args, input, env } = psqlCommand(cluster, sql, options)
  const result = spawnSync(bin, args, { input, encoding: 'utf8', env })
  return {
    ok: result.status === 0,
    code: result.status,
    stdout: (result.stdout ?? '').trim(),
    stderr: (result.stderr ?? '').trim(),
  }
}

/** psql() without blocking this process: for SQL that calls back into servers the test itself runs. */
export function psqlAsync(cluster: PgCluster, sql: string, options: PsqlOptions = {}): Promise<PsqlResult> {
  const { bin, args, input, env } = psqlCommand(cluster, sql, options)
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ ok: code === 0, code, stdout: stdout.trim(), stderr: stderr.trim() }))
    child.stdin.end(input)
  })
}

/** psql() that throws on error. */
export function psqlOk(cluster: PgCluster, sql: string, options?: PsqlOptions): string {
  const r = psql(cluster, sql, options)
  if (!r.ok) throw new Error(`psql failed: ${r.stderr || r.stdout}`)
  return r.stdout
}

/** Query returning JSON: wraps `sql` (one SELECT) in json_agg. */
export function queryJson<T = Record<string, unknown>>(cluster: PgCluster, sql: string, options?: PsqlOptions): T[] {
  const out = psqlOk(cluster, `SELECT coalesce(jsonb_agg(t), '[]'::jsonb) FROM (${sql}) t;`, options)
  return JSON.parse(out || '[]')
}

export function migrationFiles() {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name))
}

/** Apply every migration in order (each in one transaction, as `postgres`), then the seed. */
export function applyMigrations(cluster: PgCluster, { seed = true }: { seed?: boolean } = {}): string[] {
  const applied = []
  for (const file of migrationFiles()) {
    psqlOk(cluster, '', { file, singleTransaction: true })
    applied.push(file.slice(file.lastIndexOf('/') + 1))
  }
  if (seed) psqlOk(cluster, '', { file: SEED_FILE, singleTransaction: true })
  return applied
}

function runAsOwner(binDir: string, command: string, args: string[], options: SpawnSyncOptions = {}) {
  const full = join(binDir, command)
  const [cmd, argv]: [string, string[]] = isRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args]
  return spawnSync(cmd, argv, { encoding: 'utf8', ...options })
}

/**
 * Start a fresh cluster. Returns { binDir, port, socketDir, host, dataDir, url(user), stop() }.
 * The cluster and its files are removed by stop() (also on process exit).
 */
export async function startPostgres({
  log = () => {},
  cron = false,
}: {
  log?: (message: string) => void
  /** Load pg_cron, running its jobs in database `app` with background workers (no login needed). */
  cron?: boolean
} = {}): Promise<PgCluster> {
  const binDir = ensurePostgres()
  if (cron) ensurePgCron(binDir)
  const base = mkdtempSync(join(tmpdir(), 'supabase-pg-'))
  const dataDir = join(base, 'data')
  const socketDir = base
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(base, uid, gid)
  }
  const pwFile = join(base, 'pw')
  writeFileSync(pwFile, 'local-superuser-password\n')
  if (isRoot) chownSync(pwFile, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0)

  const init = runAsOwner(binDir, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'supabase_admin',
    '--pwfile',
    pwFile,
    '-E',
    'UTF8',
    '--no-locale',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--no-sync',
  ])
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`)
  log('initdb done')

  const port = await freePort()
  const logFile = join(base, 'postgres.log')
  const options = [
    `-p ${port}`,
    '-h 127.0.0.1',
    `-k ${socketDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
    ...(cron
      ? [
          '-c shared_preload_libraries=pg_cron',
          '-c cron.database_name=app',
          '-c cron.use_background_workers=on',
          '-c max_worker_processes=20',
        ]
      : []),
  ].join(' ')
  const start = runAsOwner(binDir, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'])
  if (start.status !== 0) {
    const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
    rmSync(base, { recursive: true, force: true })
    throw new Error(`pg_ctl start failed:\n${start.stderr || start.stdout}\n${text}`)
  }
  log(`postgres listening on 127.0.0.1:${port}`)

  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    process.off('exit', stop)
    runAsOwner(binDir, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop'])
    rmSync(base, { recursive: true, force: true })
  }
  process.on('exit', stop)

  const cluster = {
    binDir,
    port,
    host: '127.0.0.1',
    socketDir,
    dataDir,
    database: 'app',
    /** postgres:// URL over TCP for a login role of this cluster. */
    url(user: 'postgres' | 'authenticator' = 'authenticator') {
      const password = LOCAL_PASSWORDS[user]
      if (!password) throw new Error(`no local password for ${user}`)
      return `postgres://${user}:${password}@127.0.0.1:${port}/app`
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    stop,
  }
  try {
    psqlOk(cluster, BOOTSTRAP_CLUSTER_SQL, { user: 'supabase_admin', database: 'postgres' })
    psqlOk(cluster, BOOTSTRAP_DATABASE_SQL, { user: 'supabase_admin', database: 'app' })
  } catch (error) {
    stop()
    throw error
  }
  return cluster
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgres({ log: (m) => console.log(m) })
  try {
    console.log('applied', applyMigrations(cluster))
    console.log(queryJson(cluster, 'SELECT author, rating FROM public.reviews LIMIT 2'))
  } finally {
    cluster.stop()
  }
}
