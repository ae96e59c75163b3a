/**
 * The SQL functions of supabase/migrations/*.sql, called as `service_role`
 * through PostgREST, or directly when FUNCTIONS_DATABASE_URL is set (local tests, the pooler's 6543).
 */
import postgres from 'postgres'
import { createClient } from '@supabase/supabase-js'
import { isOutboxKind, type OutboxKind, type OutboxRow } from './app/server/backend/outbox-deliveries.server.ts'
import { env, serviceKey } from './env.ts'
import { leadSourceColumns, type LeadSource } from './app/lib/lead-source.ts'

export type { OutboxKind }

export interface RecordedLead {
  leadId: string
  outboxId: string | null
  duplicate: boolean
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** One claimed outbox row for one lead: the owner's e-mail, webhook or push, or a review request. */
export type ClaimedNotification = OutboxRow

export interface StoredReview {
  id: string
  author: string
  avatar: string | null
  rating: number
  text: string
  date: string
}

export interface GoogleReviewRow {
  external_id: string
  author: string
  avatar: string | null
  rating: number
  text: string
  date: string
}

export interface RateLimitHit {
  allowed: boolean
  retryAfterMs: number
}

export interface FunctionsDb {
  readonly kind: 'rest' | 'postgres'
  recordQuoteRequest(lead: {
    firstName: string
    email: string
    phone: string
    idempotencyKey: string
    sourcePage?: string | null
    userAgent?: string | null
    /** Stored as suspected spam, no notification. */
    spamReason?: string | null
    /** LEAD_WEBHOOK_URL is set: queue the webhook too (never for suspected spam). */
    webhook?: boolean
    /** VAPID keys are set: queue the owner's push too (never for suspected spam). */
    push?: boolean
    /** The site's salted hash of the visitor's address, when it has one. */
    ipHash?: string | null
    /** Where and when: '' is "not given". */
    street?: string
    zip?: string
    preferredTime?: string
    /** outsideServiceArea(zip); null without a ZIP. */
    outsideArea?: boolean | null
    /** How the visit came, with its channel (leadSource()). */
    source?: LeadSource
    /** CUSTOMER_ACKNOWLEDGEMENT is on: queue the customer's e-mail within its limits (decision 048). */
    acknowledge?: boolean
    /** The site's salted hash of the client, which the acknowledgement's hourly limit counts. */
    clientKey?: string | null
    /** When the lead, still new, is pushed again, and the push's minutes (queued only with `push`). */
    escalateAt?: Date | null
    escalateMinutes?: number | null
  }): Promise<RecordedLead>
  /** `kinds`: only rows this caller can deliver (null: every kind). */
  claimOutbox(
    limit: number,
    leaseMs: number,
    prefer?: string | null,
    kinds?: OutboxKind[] | null,
  ): Promise<ClaimedNotification[]>
  finishOutbox(outboxId: string, error: string | null, retryMs: number): Promise<void>
  /** queue_morning_list: the day's list of leads left waiting, once per Pacific date (decision 048). */
  queueMorningList(day: string): Promise<number>
  pushTargets(): Promise<PushTarget[]>
  dropPushTarget(endpoint: string): Promise<void>
  listPublishedReviews(source?: string | null, limit?: number): Promise<StoredReview[]>
  /** Counted in the database, so every site instance shares it. */
  hitRateLimit(bucket: string, key: string, limit: number, windowMs: number): Promise<RateLimitHit>
  cacheGoogleReviews(reviews: GoogleReviewRow[]): Promise<number>
  googleReviewsFetchedAt(): Promise<Date | null>
  /** Deleted leads whose photos are still to be removed (docs/decisions/043-lead-deletion.md). */
  leadFilePurgesDue(limit: number): Promise<string[]>
  finishLeadFilePurges(leadIds: readonly string[]): Promise<void>
  /** record_lead_photos (decision 044): the lead's new total, or an error naming its refusal. */
  recordLeadPhotos(
    leadId: string,
    tokenHash: string,
    photos: { name: string; size: number }[],
    push: boolean,
  ): Promise<number>
}

type Row = Record<string, unknown>

function toClaimed(row: Row): ClaimedNotification {
  return {
    outboxId: String(row.outbox_id),
    kind: isOutboxKind(row.kind) ? row.kind : 'owner_notification',
    quoteRequestId: String(row.quote_request_id),
    attempts: Number(row.attempts),
    firstName: String(row.first_name),
    email: String(row.email),
    phone: String(row.phone),
    sourcePage: row.source_page == null ? null : String(row.source_page),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    street: row.service_street == null ? null : String(row.service_street),
    zip: row.service_zip == null ? null : String(row.service_zip),
    preferredTime: row.preferred_time == null ? null : String(row.preferred_time),
    outsideArea: typeof row.outside_area === 'boolean' ? row.outside_area : null,
    status: row.status == null ? null : String(row.status),
    leads: Array.isArray(row.leads) ? (row.leads as OutboxRow['leads']) : null,
    payload: row.payload && typeof row.payload === 'object' ? (row.payload as OutboxRow['payload']) : null,
  }
}

function toPushTarget(row: Row): PushTarget {
  return { endpoint: String(row.endpoint), p256dh: String(row.p256dh), auth: String(row.auth) }
}

function toReview(row: Row): StoredReview {
  return {
    id: String(row.id),
    author: String(row.author),
    avatar: row.avatar == null ? null : String(row.avatar),
    rating: Number(row.rating),
    text: String(row.text),
    date: String(row.date),
  }
}

function toRateLimitHit(row: Row | undefined): RateLimitHit {
  if (!row) throw new Error('hit_rate_limit returned no row')
  return { allowed: row.allowed === true, retryAfterMs: Number(row.retry_after_ms ?? 0) }
}

function toRecorded(row: Row | undefined): RecordedLead {
  if (!row || !row.lead_id) throw new Error('record_quote_request returned no row')
  return {
    leadId: String(row.lead_id),
    outboxId: row.outbox_id ? String(row.outbox_id) : null,
    duplicate: row.duplicate === true,
  }
}

export function createPostgresDb(url: string): FunctionsDb {
  // prepare: false keeps it usable behind Supabase's transaction-mode pooler.
  const sql = postgres(url, { max: 2, prepare: false, idle_timeout: 20, connect_timeout: 10, onnotice: () => {} })

  // SET LOCAL ROLE: each call gets exactly the service role's rights, as through PostgREST.
  async function asServiceRole<T>(fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
    return (await sql.begin(async (tx) => {
      await tx`SET LOCAL ROLE service_role`
      return fn(tx)
    })) as T
  }

  return {
    kind: 'postgres',
    async recordQuoteRequest(lead) {
      const source = leadSourceColumns(lead.source)
      const rows = await asServiceRole(
        (tx) => tx`
        SELECT * FROM public.record_quote_request(
          ${lead.firstName}, ${lead.email}, ${lead.phone}, ${lead.idempotencyKey},
          ${lead.sourcePage ?? null}, ${lead.userAgent ?? null}, ${lead.spamReason ?? null},
          ${lead.webhook === true}::boolean, ${lead.push === true}::boolean, ${lead.ipHash ?? null},
          ${lead.street ?? null}, ${lead.zip ?? null}, ${lead.preferredTime ?? null},
          ${lead.outsideArea ?? null}::boolean, ${source.channel},
          ${source.tags ? tx.json(source.tags) : null}::jsonb, ${source.landingPath}, ${source.referrerHost},
          ${source.heardAbout}, ${lead.acknowledge === true}::boolean, ${lead.clientKey ?? null},
          ${lead.escalateAt ?? null}::timestamptz, ${lead.escalateMinutes ?? null}::int)`,
      )
      return toRecorded(rows[0] as Row | undefined)
    },
    async claimOutbox(limit, leaseMs, prefer = null, kinds = null) {
      const rows = await asServiceRole(
        (tx) => tx`
        SELECT * FROM public.claim_quote_outbox_v3(${limit}::int, ${leaseMs}::int, ${prefer}::uuid,
          ${kinds ? tx.array(kinds) : null}::text[])`,
      )
      return (rows as unknown as Row[]).map(toClaimed)
    },
    async finishOutbox(outboxId, error, retryMs) {
      await asServiceRole((tx) => tx`SELECT public.finish_quote_outbox(${outboxId}::uuid, ${error}, ${retryMs}::int)`)
    },
    async queueMorningList(day) {
      const rows = await asServiceRole((tx) => tx`SELECT public.queue_morning_list(${day}::date) AS n`)
      return Number((rows[0] as Row | undefined)?.n ?? 0)
    },
    async pushTargets() {
      const rows = await asServiceRole((tx) => tx`SELECT * FROM public.owner_push_targets()`)
      return (rows as unknown as Row[]).map(toPushTarget)
    },
    async dropPushTarget(endpoint) {
      await asServiceRole((tx) => tx`SELECT public.drop_owner_push_subscription(${endpoint})`)
    },
    async listPublishedReviews(source = null, limit = 100) {
      const rows = await asServiceRole(
        (tx) => tx`SELECT * FROM public.list_published_reviews(${source}, ${limit}::int)`,
      )
      return (rows as unknown as Row[]).map(toReview)
    },
    async hitRateLimit(bucket, key, limit, windowMs) {
      const rows = await asServiceRole(
        (tx) => tx`SELECT * FROM public.hit_rate_limit(${bucket}, ${key}, ${limit}::int, ${windowMs}::int)`,
      )
      return toRateLimitHit(rows[0] as Row | undefined)
    },
    async cacheGoogleReviews(reviews) {
      const rows = await asServiceRole(
        (tx) => tx`SELECT public.cache_google_reviews(${tx.json(reviews as unknown as postgres.JSONValue)}) AS n`,
      )
      return Number((rows[0] as Row | undefined)?.n ?? 0)
    },
    async googleReviewsFetchedAt() {
      const rows = await asServiceRole((tx) => tx`SELECT public.google_reviews_fetched_at() AS at`)
      const at = (rows[0] as Row | undefined)?.at
      return at ? new Date(at as string) : null
    },
    async leadFilePurgesDue(limit) {
      const rows = await asServiceRole((tx) => tx`SELECT lead_id FROM public.lead_file_purges_due(${limit}::int)`)
      return (rows as unknown as Row[]).map((row) => String(row.lead_id))
    },
    async finishLeadFilePurges(leadIds) {
      await asServiceRole((tx) => tx`SELECT public.finish_lead_file_purges(${tx.array([...leadIds])}::uuid[])`)
    },
    async recordLeadPhotos(leadId, tokenHash, photos, push) {
      const rows = await asServiceRole(
        (tx) => tx`
        SELECT public.record_lead_photos(${leadId}::uuid, ${tokenHash},
          ${tx.json(photos as unknown as postgres.JSONValue)}, ${push}::boolean) AS total`,
      )
      return Number((rows[0] as Row | undefined)?.total ?? 0)
    },
  }
}

export function createRestDb(url: string, serviceKey: string): FunctionsDb {
  const client = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

  async function rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await client.rpc(name, args)
    if (error) throw new Error(`${name} failed: ${error.message}${error.code ? ` (${error.code})` : ''}`)
    return data
  }

  const rows = (data: unknown): Row[] => (Array.isArray(data) ? (data as Row[]) : data ? [data as Row] : [])

  return {
    kind: 'rest',
    async recordQuoteRequest(lead) {
      const source = leadSourceColumns(lead.source)
      const data = await rpc('record_quote_request', {
        p_first_name: lead.firstName,
        p_email: lead.email,
        p_phone: lead.phone,
        p_idempotency_key: lead.idempotencyKey,
        p_source_page: lead.sourcePage ?? null,
        p_user_agent: lead.userAgent ?? null,
        p_spam_reason: lead.spamReason ?? null,
        p_webhook: lead.webhook === true,
        p_push: lead.push === true,
        p_ip_hash: lead.ipHash ?? null,
        p_service_street: lead.street ?? null,
        p_service_zip: lead.zip ?? null,
        p_preferred_time: lead.preferredTime ?? null,
        p_outside_area: lead.outsideArea ?? null,
        p_source_channel: source.channel,
        p_source_tags: source.tags,
        p_landing_path: source.landingPath,
        p_referrer_host: source.referrerHost,
        p_heard_about: source.heardAbout,
        p_acknowledge: lead.acknowledge === true,
        p_client_key: lead.clientKey ?? null,
        p_escalate_at: lead.escalateAt?.toISOString() ?? null,
        p_escalate_minutes: lead.escalateMinutes ?? null,
      })
      return toRecorded(rows(data)[0])
    },
    async claimOutbox(limit, leaseMs, prefer = null, kinds = null) {
      const args = { p_limit: limit, p_lease_ms: leaseMs, p_prefer: prefer, p_kinds: kinds }
      return rows(await rpc('claim_quote_outbox_v3', args)).map(toClaimed)
    },
    async finishOutbox(outboxId, error, retryMs) {
      await rpc('finish_quote_outbox', { p_outbox_id: outboxId, p_error: error, p_retry_ms: retryMs })
    },
    async queueMorningList(day) {
      return Number(await rpc('queue_morning_list', { p_day: day }))
    },
    async pushTargets() {
      return rows(await rpc('owner_push_targets', {})).map(toPushTarget)
    },
    async dropPushTarget(endpoint) {
      await rpc('drop_owner_push_subscription', { p_endpoint: endpoint })
    },
    async listPublishedReviews(source = null, limit = 100) {
      return rows(await rpc('list_published_reviews', { p_source: source, p_limit: limit })).map(toReview)
    },
    async hitRateLimit(bucket, key, limit, windowMs) {
      const data = await rpc('hit_rate_limit', {
        p_bucket: bucket,
        p_key: key,
        p_limit: limit,
        p_window_ms: windowMs,
      })
      return toRateLimitHit(rows(data)[0])
    },
    async cacheGoogleReviews(reviews) {
      return Number(await rpc('cache_google_reviews', { p_reviews: reviews }))
    },
    async googleReviewsFetchedAt() {
      const at = await rpc('google_reviews_fetched_at', {})
      return at ? new Date(String(at)) : null
    },
    async leadFilePurgesDue(limit) {
      // A one-column table comes back as plain values (PostgreSQL makes it SETOF uuid), or as rows.
      const data = await rpc('lead_file_purges_due', { p_limit: limit })
      return (Array.isArray(data) ? (data as unknown[]) : []).map((row) =>
        String(row !== null && typeof row === 'object' ? (row as Row).lead_id : row),
      )
    },
    async finishLeadFilePurges(leadIds) {
      await rpc('finish_lead_file_purges', { p_ids: leadIds })
    },
    async recordLeadPhotos(leadId, tokenHash, photos, push) {
      const args = { p_lead_id: leadId, p_token_hash: tokenHash, p_photos: photos, p_push: push }
      return Number(await rpc('record_lead_photos', args))
    },
  }
}

let cached: FunctionsDb | undefined

export function getDb(): FunctionsDb {
  if (cached) return cached
  const direct = env('FUNCTIONS_DATABASE_URL')
  if (direct) return (cached = createPostgresDb(direct))
  const url = env('SUPABASE_URL')
  const key = serviceKey()
  if (!url || !key) throw new Error('No database configured: SUPABASE_URL and a service role / secret key are not set')
  return (cached = createRestDb(url, key))
}
