/**
 * The backend port: what the server needs from storage and e-mail. Supabase when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set, otherwise the embedded PGlite backend (docs/decisions/007-embedded-backend.md).
 * getBackend() picks one per process, kept on globalThis so dev-server reloads reuse it.
 */
import { createEmbeddedBackend, type EmbeddedBackendOptions } from './embedded.server'
import { createSupabaseBackend, type SupabaseBackendOptions } from './supabase.server'
import type { FeaturedVideo, Review } from '~/lib/backend-types'
import { parseRuntimeConfig, serverEnv, type Env } from '../config.server'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'
export const VIDEO_TABLES: readonly VideoTable[] = ['pressure_washing_videos', 'service_videos']

export function isVideoTable(value: unknown): value is VideoTable {
  return value === 'pressure_washing_videos' || value === 'service_videos'
}

export const DEFAULT_VIDEO_MIME = 'video/mp4'

export type { FeaturedVideo, Review }

export type LeadStatus = 'new' | 'suspected_spam'

/** A validated, trimmed lead as handed to the backend by the quote service. */
export interface StoredLeadInput {
  firstName: string
  email: string
  phone: string
  /** Dedupe key: client idempotency key + fingerprint of the fields (see quote-service). */
  idempotencyKey: string
  status: LeadStatus
  /** Why the lead was flagged ('honeypot', 'too-fast:<ms>'); null for status 'new'. */
  spamReason: string | null
  sourcePage: string | null
  userAgent: string | null
  /** Salted SHA-256 (hex) of the visitor IP; null when unknown. */
  ipHash: string | null
}

/**
 * Result of `Backend.submitQuote`: success once the lead is durably recorded (`duplicate` when it already
 * was), or `no-success-flag` when the hosted function answered without one. A call error is thrown.
 */
export type SubmitQuoteResult =
  { success: true; id?: string; duplicate?: boolean } | { success: false; kind: 'no-success-flag'; error: string }

export interface Backend {
  readonly kind?: 'embedded' | 'supabase'
  submitQuote(lead: StoredLeadInput): Promise<SubmitQuoteResult>
  featuredVideo(table: VideoTable): Promise<FeaturedVideo | null>
  reviews(): Promise<Review[]>
  /** The chat assistant's reply to one visitor message (the ai-assistant call, docs/product.md#calls-to-the-backend). Throws on failure. */
  askAssistant(message: string): Promise<string>
  close(): Promise<void>
  /** Optional: a salt for IP hashing that persists with the data (embedded only). */
  ipHashSalt?(): Promise<string>
}

export type BackendEnv = Env

export interface CreateBackendOptions {
  /** Start the embedded outbox worker (default: false; getBackend() passes true). */
  startWorker?: boolean
  embedded?: Omit<EmbeddedBackendOptions, 'env' | 'startWorker'>
  supabase?: Omit<SupabaseBackendOptions, 'url' | 'anonKey'>
}

export function backendKindFor(env: BackendEnv): 'embedded' | 'supabase' {
  return parseRuntimeConfig(env).supabase ? 'supabase' : 'embedded'
}

/** Build a backend from an environment (no singleton; the caller owns `close()`). */
export function createBackend(env: BackendEnv = serverEnv(), options: CreateBackendOptions = {}): Backend {
  const supabase = parseRuntimeConfig(env).supabase
  if (supabase) {
    const { url, anonKey, siteSecret } = supabase
    return createSupabaseBackend({ siteSecret, ...options.supabase, url, anonKey })
  }
  return createEmbeddedBackend({ ...options.embedded, env, startWorker: options.startWorker ?? false })
}

const SINGLETON = Symbol.for('pressure-washing-site.backend')
type GlobalWithBackend = typeof globalThis & { [SINGLETON]?: Backend }

/** The process-wide backend, chosen once from the environment. The embedded one starts its outbox worker. */
export function getBackend(): Backend {
  const g = globalThis as GlobalWithBackend
  let backend = g[SINGLETON]
  if (!backend) {
    backend = createBackend(serverEnv(), { startWorker: true, embedded: { exitIfLocked: true } })
    g[SINGLETON] = backend
    console.info(`[backend] using the ${backend.kind} backend`)
  }
  return backend
}

/** Close and forget the process singleton (graceful shutdown, tests). */
export async function closeBackend(): Promise<void> {
  const g = globalThis as GlobalWithBackend
  const backend = g[SINGLETON]
  delete g[SINGLETON]
  if (backend) await backend.close()
}
