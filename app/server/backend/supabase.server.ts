import { createHash } from 'node:crypto'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import * as v from 'valibot'
import {
  DEFAULT_VIDEO_MIME,
  isVideoTable,
  RateLimitedError,
  type Backend,
  type FeaturedVideo,
  type Review,
  type StoredLeadInput,
  type SubmitQuoteResult,
  type VideoTable,
  type VisitorLimit,
} from './backend.server'
import { LEAD_ID_PATTERN } from '~/lib/lead-photos'
import type { LeadSource, VisitSource } from '~/lib/lead-source'
import { log } from '../log/logger.server'
import { supabaseLeadPhotos } from './supabase-photos.server'
import { supabasePostedWorkFiles } from './supabase-work-files.server'
import { supabaseOwnerParts } from '../owner/supabase-owner.server'

export interface SupabaseBackendOptions {
  url: string
  anonKey: string
  /** So the anon key alone cannot reach the functions. */
  siteSecret?: string
  functionTimeoutMs?: number
  fetch?: typeof fetch
}

export interface SupabaseBackend extends Backend {
  readonly kind: 'supabase'
  readonly sharedRateLimits: true
  readonly client: SupabaseClient
  checkReady(): Promise<void>
  /** Asks send-quote-email to deliver what is due now, not within pg_cron's minute. */
  deliverDue(): Promise<void>
}

const idSchema = v.pipe(
  v.union([v.pipe(v.string(), v.nonEmpty()), v.pipe(v.number(), v.finite())]),
  v.transform((value) => String(value)),
)

const optionalText = v.nullish(v.string())

export const reviewSchema = v.object({
  id: idSchema,
  author: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  avatar: v.pipe(
    optionalText,
    v.transform((value) => (value && value.trim() ? value.trim() : undefined)),
  ),
  rating: v.pipe(v.number(), v.minValue(1), v.maxValue(5)),
  text: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  date: v.pipe(v.string(), v.nonEmpty()),
})

export const featuredVideoRowSchema = v.object({
  id: idSchema,
  video_url: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  mime_type: optionalText,
  is_featured: v.boolean(),
  title: optionalText,
  created_at: optionalText,
})

function visitSourceOf(source: LeadSource | undefined): VisitSource {
  if (!source) return { tags: {} }
  const { channel: _channel, heardAbout: _heardAbout, ...visit } = source
  return visit
}

export function parseReviewsPayload(data: unknown): Review[] {
  let list: unknown
  if (Array.isArray(data)) list = data
  else if (data && typeof data === 'object' && Array.isArray((data as { reviews?: unknown }).reviews)) {
    list = (data as { reviews: unknown[] }).reviews
  } else {
    throw new Error('fetch-reviews returned no reviews array')
  }
  const reviews: Review[] = []
  for (const item of list as unknown[]) {
    const parsed = v.safeParse(reviewSchema, item)
    if (!parsed.success) continue
    const { avatar, ...rest } = parsed.output
    reviews.push(avatar ? { ...rest, avatar } : rest)
  }
  return reviews
}

export function parseFeaturedVideoRow(row: unknown): FeaturedVideo | null {
  if (row == null) return null
  const parsed = v.safeParse(featuredVideoRowSchema, row)
  if (!parsed.success) {
    log('supabase').warn('ignoring an invalid featured video row')
    return null
  }
  const r = parsed.output
  const video: FeaturedVideo = {
    id: r.id,
    video_url: r.video_url,
    mime_type: r.mime_type?.trim() ? r.mime_type.trim() : DEFAULT_VIDEO_MIME,
    is_featured: r.is_featured,
  }
  if (r.title) video.title = r.title
  if (r.created_at) video.created_at = r.created_at
  return video
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message)
  return String(error)
}

export class SupabaseCallError extends Error {
  override readonly name = 'SupabaseCallError'
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message)
  }
}

function httpStatus(error: unknown): unknown {
  return error instanceof FunctionsHttpError ? (error.context as { status?: unknown } | undefined)?.status : undefined
}

function rateLimited(error: unknown): RateLimitedError | null {
  if (httpStatus(error) !== 429) return null
  const header = ((error as FunctionsHttpError).context as Response).headers?.get('retry-after')
  const seconds = Number(header)
  return new RateLimitedError(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60)
}

/** A 401 refuses the site itself: every call fails until the settings match. */
function functionFailure(name: string, error: unknown): Error {
  const limited = rateLimited(error)
  if (limited) return limited
  const status = httpStatus(error)
  const cause =
    status === 401
      ? " (401: the function refused the site; SITE_FUNCTION_SECRET must be the same in the site's environment and in the functions' secrets, and SUPABASE_ANON_KEY must be the project's anon key)"
      : ''
  return new SupabaseCallError(`${name} failed: ${describeError(error)}${cause}`, error)
}

/** supabase-js builds Realtime eagerly; it throws without WebSocket on Node 20. */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Supabase Realtime is not used by this site (no WebSocket on this runtime)')
  }
}

export function realtimeOptions(): { realtime?: { transport: never } } {
  return typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'function'
    ? {}
    : { realtime: { transport: RealtimeUnavailable as never } }
}

const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000
const DEDUPE_MAX = 5000

export function createSupabaseBackend(options: SupabaseBackendOptions): SupabaseBackend {
  const timeout = options.functionTimeoutMs ?? 15_000
  const secretHeaders: Record<string, string> = options.siteSecret ? { 'x-site-secret': options.siteSecret } : {}
  // The same key on every instance; the salt hides the address.
  const rateKeySalt = options.siteSecret ?? options.anonKey
  function limitHeaders(limit: VisitorLimit | undefined): Record<string, string> {
    if (!limit || !limit.ip || limit.limit <= 0 || limit.windowMs <= 0) return {}
    return {
      'x-rate-limit-key': createHash('sha256').update(`rate-limit:${rateKeySalt}:${limit.ip}`).digest('hex'),
      'x-rate-limit': `${Math.trunc(limit.limit)}/${Math.trunc(limit.windowMs)}`,
    }
  }
  const client = createClient(options.url, options.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
    ...realtimeOptions(),
  })

  // The stored lead's id too, so a retry the site answers itself still gets its photo token.
  const confirmed = new Map<string, { at: number; id?: string }>()
  const inFlight = new Map<string, Promise<SubmitQuoteResult>>()

  function rememberConfirmed(key: string, id: string | undefined): void {
    const now = Date.now()
    confirmed.set(key, { at: now, id })
    if (confirmed.size > DEDUPE_MAX) {
      for (const [k, { at }] of confirmed) {
        if (confirmed.size <= DEDUPE_MAX && now - at < DEDUPE_TTL_MS) break
        confirmed.delete(k)
      }
    }
  }

  async function send(lead: StoredLeadInput, limit: VisitorLimit | undefined): Promise<SubmitQuoteResult> {
    const spamHeaders: Record<string, string> =
      lead.status === 'suspected_spam' ? { 'x-suspected-spam': lead.spamReason ?? 'flagged' } : {}
    const { data, error } = await client.functions.invoke<unknown>('send-quote-email', {
      // The function works out the outside-area flag itself, from the same shared code.
      body: {
        firstName: lead.firstName,
        email: lead.email,
        phone: lead.phone,
        street: lead.street ?? '',
        zip: lead.zip ?? '',
        preferredTime: lead.preferredTime ?? '',
        heardAbout: lead.source?.heardAbout ?? '',
        sourcePage: lead.sourcePage,
        // Cleaned here and again there; the function works out the channel itself too.
        visitSource: visitSourceOf(lead.source),
      },
      headers: { ...secretHeaders, ...limitHeaders(limit), ...spamHeaders, 'Idempotency-Key': lead.idempotencyKey },
      timeout,
    })
    if (error) throw functionFailure('send-quote-email', error)
    const payload =
      data && typeof data === 'object' ? (data as { success?: unknown; error?: unknown; leadId?: unknown }) : undefined
    if (payload?.success === true) {
      // Older functions answer without it: then no photo token, as before (decision 044).
      const id = typeof payload.leadId === 'string' && LEAD_ID_PATTERN.test(payload.leadId) ? payload.leadId : undefined
      // Only clean leads: a spam-flagged resend must reach the function.
      if (lead.status === 'new') rememberConfirmed(lead.idempotencyKey, id)
      return id ? { success: true, duplicate: false, id } : { success: true, duplicate: false }
    }
    const reason =
      typeof payload?.error === 'string' && payload.error ? payload.error : 'The response had no success flag'
    return { success: false, kind: 'no-success-flag', error: reason }
  }

  async function deliverDue() {
    const { error } = await client.functions.invoke<unknown>('send-quote-email', {
      body: { deliverDue: true },
      headers: secretHeaders,
      timeout,
    })
    if (error) throw functionFailure('send-quote-email', error)
  }

  return {
    kind: 'supabase',
    sharedRateLimits: true,
    client,

    async submitQuote(lead, limit) {
      const seen = confirmed.get(lead.idempotencyKey)
      if (seen !== undefined && Date.now() - seen.at < DEDUPE_TTL_MS)
        return seen.id ? { success: true, duplicate: true, id: seen.id } : { success: true, duplicate: true }
      const pending = inFlight.get(lead.idempotencyKey)
      if (pending) {
        const shared = await pending
        return shared.success ? { ...shared, duplicate: true } : shared
      }
      const call = send(lead, limit)
      inFlight.set(lead.idempotencyKey, call)
      try {
        return await call
      } finally {
        inFlight.delete(lead.idempotencyKey)
      }
    },

    async featuredVideo(table: VideoTable) {
      if (!isVideoTable(table)) throw new Error(`Unknown video table: ${String(table)}`)
      const { data, error } = await client.from(table).select('*').eq('is_featured', true).limit(1).maybeSingle()
      if (error) throw new SupabaseCallError(`reading ${table} failed: ${describeError(error)}`, error)
      return parseFeaturedVideoRow(data)
    },

    async checkReady() {
      const { error } = await client
        .from('pressure_washing_videos')
        .select('id')
        .eq('is_featured', true)
        .limit(1)
        .abortSignal(AbortSignal.timeout(timeout))
      if (error) throw new SupabaseCallError(`Supabase did not answer: ${describeError(error)}`, error)
    },

    deliverDue,

    ...supabaseOwnerParts(options, deliverDue),

    leadPhotos: supabaseLeadPhotos({
      url: options.url,
      anonKey: options.anonKey,
      secretHeaders,
      limitHeaders,
      timeoutMs: timeout,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),

    postedWorkFiles: supabasePostedWorkFiles({
      url: options.url,
      anonKey: options.anonKey,
      timeoutMs: timeout,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),

    async askAssistant(message, limit) {
      const { data, error } = await client.functions.invoke<unknown>('ai-assistant', {
        body: { message },
        headers: { ...secretHeaders, ...limitHeaders(limit) },
        timeout,
      })
      if (error) throw functionFailure('ai-assistant', error)
      const response = data && typeof data === 'object' ? (data as { response?: unknown }).response : undefined
      if (typeof response !== 'string' || !response.trim())
        throw new SupabaseCallError('ai-assistant answered without a response text')
      return response.trim()
    },

    async reviews() {
      const { data, error } = await client.functions.invoke<unknown>('fetch-reviews', {
        headers: secretHeaders,
        timeout,
      })
      if (error) throw functionFailure('fetch-reviews', error)
      return parseReviewsPayload(data)
    },

    async close() {
      confirmed.clear()
      await client.removeAllChannels().catch(() => undefined)
    },
  }
}
