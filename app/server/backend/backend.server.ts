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
  /** Includes the fields' fingerprint: a changed form is a new lead. */
  idempotencyKey: string
  status: LeadStatus
  spamReason: string | null
  sourcePage: string | null
  userAgent: string | null
  ipHash: string | null
}

export type SubmitQuoteResult =
  { success: true; id?: string; duplicate?: boolean } | { success: false; kind: 'no-success-flag'; error: string }

/** Counted by the backend, shared by every site instance. */
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
  /** True: pass a VisitorLimit; false: the site counts in memory. */
  readonly sharedRateLimits?: boolean
  submitQuote(lead: StoredLeadInput, limit?: VisitorLimit): Promise<SubmitQuoteResult>
  featuredVideo(table: VideoTable): Promise<FeaturedVideo | null>
  reviews(): Promise<Review[]>
  askAssistant(message: string, limit?: VisitorLimit): Promise<string>
  close(): Promise<void>
  checkReady?(): Promise<void>
  /** Persists with the data so hashes stay comparable. */
  ipHashSalt?(): Promise<string>
}
