import type { FeaturedVideo, Review } from '~/lib/backend-types'
import type { LeadSource } from '~/lib/lead-source'

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
  /** Where and when, each optional: absent or '' is "not given". */
  street?: string
  zip?: string
  preferredTime?: string
  /** outsideServiceArea(zip) (lead-fields.server.ts): null or absent without a ZIP. */
  outsideArea?: boolean | null
  /** How the visit found the site, and its one channel (lead-source.ts); absent: not known. */
  source?: LeadSource
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

/** The owner's Supabase Auth tokens (Supabase mode); kept in the session's row, never in the cookie. */
export interface AuthTokens {
  userId: string
  accessToken: string
  refreshToken: string
  /** Seconds since the epoch. */
  expiresAt: number
}

/** Who a SQL function runs as: the site (the anon role), or the signed-in owner (row level security decides). */
export type SqlCaller = { as: 'site' } | { as: 'owner'; userId: string; accessToken?: string }

export const SITE_CALLER: SqlCaller = { as: 'site' }

/** Thrown when the owner's credentials no longer open the database: the session is over. */
export class OwnerSessionError extends Error {
  override name = 'OwnerSessionError'
}

/** Who signed in with an e-mailed link. */
export interface OwnerIdentity {
  userId: string
  email: string
  tokens?: AuthTokens
}

/** The part of signing in each mode does its own way: embedded links, or Supabase Auth's. */
export interface OwnerAuth {
  /** Only ever called for the owner's address. */
  sendSignInLink(email: string): Promise<void>
  /** The link's token in the posted form: whom it signs in, or null (unknown, used, expired). */
  verifyLink(form: URLSearchParams): Promise<OwnerIdentity | null>
  /** Tokens still valid for a minute, refreshed if not; null when the provider ended them. */
  renew(tokens: AuthTokens, force?: boolean): Promise<AuthTokens | null>
  /** Ends the session at the provider too; a refusal is logged, never thrown. */
  revoke(tokens: AuthTokens, scope: 'local' | 'global'): Promise<void>
}

/** A photo re-encoded by the site: `name` is `<32 hex>.jpg`, unique within its lead. */
export interface LeadPhotoFile {
  name: string
  bytes: Uint8Array
}

/** Why `record_lead_photos` refused an upload; nothing of it was kept. */
export class LeadPhotoRefusedError extends Error {
  override readonly name = 'LeadPhotoRefusedError'
  constructor(readonly reason: 'token-used' | 'too-many' | 'no-lead') {
    super(`photos refused: ${reason}`)
  }
}

/** Where visitors' photos live: DATA_DIR/lead-photos or the bucket lead-photos, as <lead id>/<name>. */
export interface LeadPhotoStore {
  /**
   * All or nothing; throws LeadPhotoRefusedError, or RateLimitedError when the backend counts `limit` (the
   * visitor's uploads, passed only with `sharedRateLimits`). Returns the lead's photo count after it.
   */
  save(leadId: string, tokenHash: string, photos: LeadPhotoFile[], limit?: VisitorLimit): Promise<number>
  /** The bytes, or null; the caller has checked that the owner may see them. */
  read(leadId: string, name: string, caller: SqlCaller): Promise<Uint8Array | null>
}

/** One encoded variant of a posted job: `<image hash>-<width>.<avif|webp>` (POSTED_WORK_FILE_PATTERN). */
export interface PostedWorkFile {
  name: string
  bytes: Uint8Array
  contentType: string
}

/**
 * Where posted work's variants live (decision 049): DATA_DIR/posted-work, or the public bucket posted-work
 * written with the owner's own token. A name hashes its content, so a name already stored holds these bytes.
 */
export interface PostedWorkFileStore {
  /** Stores what is missing; returns the names this call added (the caller's to remove on failure). */
  put(files: readonly PostedWorkFile[], caller: SqlCaller): Promise<string[]>
  /** A name that is not there is fine. */
  remove(names: readonly string[], caller: SqlCaller): Promise<void>
  /** The public bytes of one variant, or null. */
  read(name: string): Promise<Uint8Array | null>
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
  /**
   * A SQL function the migrations define, called as PostgREST would: `rows` for RETURNS TABLE, `value` for a
   * scalar. The only way owner code writes, so both modes run the same SQL.
   */
  callSql<T>(name: string, args: Record<string, unknown>, caller: SqlCaller, returns: 'rows' | 'value'): Promise<T>
  readonly ownerAuth: OwnerAuth
  /** Delivers what the outbox holds now rather than at its next turn. */
  deliverSoon(): Promise<void>
  /**
   * Removes the photos of deleted leads now. Embedded only: on Supabase the site holds no key to Storage, and
   * send-quote-email's every-minute run removes them (docs/decisions/043-lead-deletion.md).
   */
  purgeLeadFiles?(): Promise<number>
  /** Persists with the data so hashes stay comparable. */
  ipHashSalt?(): Promise<string>
  /** Absent: this backend takes no photos, and no upload token is issued (decision 044). */
  readonly leadPhotos?: LeadPhotoStore
  /** Absent: this backend takes no posted work (the upload answers 503). */
  readonly postedWorkFiles?: PostedWorkFileStore
}
