/** The backend port both adapters implement; backend-factory.server.ts picks one from the config. */
import type { FeaturedVideo, Review } from '~/lib/backend-types'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'
export const VIDEO_TABLES: readonly VideoTable[] = ['pressure_washing_videos', 'service_videos']

export function isVideoTable(value: unknown): value is VideoTable {
  return value === 'pressure_washing_videos' || value === 'service_videos'
}

export const DEFAULT_VIDEO_MIME = 'video/mp4'

export type { FeaturedVideo, Review }

export type LeadStatus = 'new' | 'suspected_spam'

export interface StoredLeadInput {
  firstName: string
  email: string
  phone: string
  /** Client idempotency key + fingerprint of the fields, so a changed form is a new lead. */
  idempotencyKey: string
  status: LeadStatus
  spamReason: string | null
  sourcePage: string | null
  userAgent: string | null
  ipHash: string | null
}

/** `no-success-flag`: the hosted function answered without `success: true`; call errors throw. */
export type SubmitQuoteResult =
  { success: true; id?: string; duplicate?: boolean } | { success: false; kind: 'no-success-flag'; error: string }

/** A per-visitor limit the backend counts itself, shared by every site instance (Supabase mode). */
export interface VisitorLimit {
  ip: string
  limit: number
  windowMs: number
}

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError'
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited; retry after ${retryAfterSeconds} s`)
  }
}

export interface Backend {
  readonly kind?: 'embedded' | 'supabase'
  /** True: pass a VisitorLimit and expect RateLimitedError; else the site counts in memory. */
  readonly sharedRateLimits?: boolean
  submitQuote(lead: StoredLeadInput, limit?: VisitorLimit): Promise<SubmitQuoteResult>
  featuredVideo(table: VideoTable): Promise<FeaturedVideo | null>
  reviews(): Promise<Review[]>
  askAssistant(message: string, limit?: VisitorLimit): Promise<string>
  close(): Promise<void>
  /** Rejects, saying why, unless leads can be stored now (GET /readyz). */
  checkReady?(): Promise<void>
  /** Embedded only: the salt persists with the data so hashes stay comparable. */
  ipHashSalt?(): Promise<string>
}
