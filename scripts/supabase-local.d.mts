// Types of scripts/supabase-local.mjs (for the TypeScript tests).
import type { PgCluster } from './supabase-postgres.mjs'

export const FUNCTION_NAMES: string[]
export const DENO_DIR: string
export interface RunningFunction {
  name: string
  port: number
  url: string
  output(): string
  stop(): Promise<void>
}
export interface Keys {
  anon: string
  service: string
}
export interface Router {
  url: string
  port: number
  requests: { method: string; path: string }[]
  stop(): Promise<void>
}
export interface LocalSupabase {
  cluster: PgCluster
  keys: Keys
  url: string
  router: Router
  functions: Record<string, RunningFunction>
  stop(): Promise<void>
}
export function startFunction(name: string, options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<RunningFunction>
export function startRouter(options: {
  functions: Record<string, { port: number }>
  keys: Keys
  cluster?: PgCluster | null
  port?: number
  fallbackUrl?: string | null
}): Promise<Router>
export function makeKeys(): Keys
export function cacheFunctionDeps(names?: string[]): void
export function startLocalSupabase(options?: {
  names?: string[]
  functionEnv?: (name: string, ctx: { cluster: PgCluster; keys: Keys; supabaseUrl: string }) => Record<string, string>
  db?: 'postgres' | 'rest'
  restFallbackUrl?: string | null
  log?: (message: string) => void
}): Promise<LocalSupabase>
