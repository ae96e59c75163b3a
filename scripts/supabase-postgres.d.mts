// Types of scripts/supabase-postgres.mjs (for the TypeScript tests).
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
export const ROOT: string
export const MIGRATIONS_DIR: string
export const SEED_FILE: string
export const LOCAL_PASSWORDS: { postgres: string; authenticator: string }
export function ensurePostgres(): string
export function startPostgres(options?: { log?: (message: string) => void }): Promise<PgCluster>
export function psql(cluster: PgCluster, sql: string, options?: PsqlOptions): PsqlResult
export function psqlOk(cluster: PgCluster, sql: string, options?: PsqlOptions): string
export function queryJson<T = Record<string, unknown>>(cluster: PgCluster, sql: string, options?: PsqlOptions): T[]
export function migrationFiles(): string[]
export function applyMigrations(cluster: PgCluster, options?: { seed?: boolean }): string[]
