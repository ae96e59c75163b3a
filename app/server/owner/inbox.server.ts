// The inbox's reads and writes: the migrations' owner_* functions, run as the signed-in owner in both modes.
import {
  followUpMark,
  leadTopic,
  SOURCE_PERIODS,
  type InboxLead,
  type LeadSources,
  type OwnerStatus,
  type SourceCount,
  type SourcePeriod,
} from '../../lib/owner-lead'
import type { Backend, SqlCaller } from '../backend/backend.server'
import { log } from '../log/logger.server'
import { withPhotos } from './lead-photos.server'
import { categoryOfLeadPage, cityOfLeadZip } from './work-prefill.server'

export interface LeadRow {
  id: string
  created_at: Date | string
  first_name: string
  email: string
  phone: string
  status: string
  source_page: string | null
  owner_note: string | null
  service_street: string | null
  service_zip: string | null
  preferred_time: string | null
  outside_area: boolean | null
  source_channel: string | null
  heard_about: string | null
  /** numeric: a string from PGlite, a number from PostgREST. */
  job_value: string | number | null
  /** Since when it has its status (the arrival, for a lead never changed). */
  status_since?: Date | string | null
}

export type ReviewRequestResult = 'queued' | 'already-sent' | 'not-won' | 'no-lead'
const REVIEW_RESULTS: readonly ReviewRequestResult[] = ['queued', 'already-sent', 'not-won', 'no-lead']

export interface PushSubscriptionInput {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

type OwnerCaller = Extract<SqlCaller, { as: 'owner' }>
type Sql = Pick<Backend, 'callSql'>

export function toInboxLead(
  row: LeadRow,
  review: { sentAt: string | Date | null } | undefined,
  now = Date.now(),
): InboxLead {
  const created = row.created_at instanceof Date ? row.created_at : new Date(row.created_at)
  return {
    id: String(row.id),
    createdAt: created.toISOString(),
    firstName: row.first_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    sourcePage: row.source_page,
    note: row.owner_note ?? '',
    ...leadTopic(row.source_page),
    reviewRequest: review ? (review.sentAt ? 'sent' : 'queued') : 'none',
    street: row.service_street ?? null,
    zip: row.service_zip ?? null,
    preferredTime: row.preferred_time ?? null,
    outsideArea: typeof row.outside_area === 'boolean' ? row.outside_area : null,
    channel: row.source_channel ?? null,
    heardAbout: row.heard_about ?? null,
    jobValue: amount(row.job_value),
    followUp: followUpMark(row.status, row.status_since ? new Date(row.status_since) : null, now),
    workCity: cityOfLeadZip(row.service_zip),
    workCategory: categoryOfLeadPage(row.source_page),
  }
}

/** numeric comes as a string from PGlite and a number from PostgREST. */
function amount(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value)
}

/** With each lead's review request, which owner_review_requests() reports. */
async function withReviews(sql: Sql, rows: LeadRow[], caller: OwnerCaller): Promise<InboxLead[]> {
  if (rows.length === 0) return []
  const requests = await sql.callSql<{ quote_request_id: string; sent_at: string | Date | null }[]>(
    'owner_review_requests',
    {},
    caller,
    'rows',
  )
  const reviews = new Map(requests.map((request) => [String(request.quote_request_id), { sentAt: request.sent_at }]))
  return rows.map((row) => toInboxLead(row, reviews.get(String(row.id))))
}

/** Spam and archived leads stay in `npm run leads`. */
export async function listInbox(sql: Sql, caller: OwnerCaller, limit = 200): Promise<InboxLead[]> {
  const rows = await sql.callSql<LeadRow[]>('owner_inbox_leads_v3', { p_limit: limit }, caller, 'rows')
  return withPhotos(sql, await withReviews(sql, rows, caller), caller)
}

/** Null: no such lead. */
export async function updateLead(
  sql: Sql,
  caller: OwnerCaller,
  id: string,
  change: { status: OwnerStatus; note: string; jobValue?: number | null },
): Promise<InboxLead | null> {
  const rows = await sql.callSql<LeadRow[]>(
    'owner_update_lead_v3',
    { p_id: id, p_status: change.status, p_note: change.note, p_job_value: change.jobValue ?? null },
    caller,
    'rows',
  )
  return (await withReviews(sql, rows, caller))[0] ?? null
}

interface SourceRow {
  dimension: 'channel' | 'heard_about'
  value: string | null
  leads: number
  contacted: number
  quoted: number
  won: number
  won_value: string | number | null
}

/** The sources view for one period; row level security leaves another user nothing to count. */
export async function leadSources(sql: Sql, caller: OwnerCaller, days: SourcePeriod): Promise<LeadSources> {
  if (!SOURCE_PERIODS.includes(days)) throw new Error(`not a sources period: ${days}`)
  const rows = await sql.callSql<SourceRow[]>('owner_lead_sources', { p_days: days }, caller, 'rows')
  const counts = (dimension: SourceRow['dimension']): SourceCount[] =>
    rows
      .filter((row) => row.dimension === dimension)
      .map((row) => ({
        value: row.value ?? null,
        leads: Number(row.leads),
        contacted: Number(row.contacted),
        quoted: Number(row.quoted),
        won: Number(row.won),
        wonValue: amount(row.won_value) ?? 0,
      }))
  return { days, channels: counts('channel'), answers: counts('heard_about') }
}

/** At most one per lead: the outbox's UNIQUE (quote_request_id, kind). The link is the site's, never ours. */
export async function requestReview(sql: Sql, caller: OwnerCaller, id: string): Promise<ReviewRequestResult> {
  const result = await sql.callSql<string>('owner_request_review', { p_id: id }, caller, 'value')
  if (!REVIEW_RESULTS.includes(result as ReviewRequestResult)) throw new Error('owner_request_review: no answer')
  return result as ReviewRequestResult
}

export async function savePushSubscription(
  sql: Sql,
  caller: OwnerCaller,
  subscription: PushSubscriptionInput,
): Promise<void> {
  const { endpoint, keys } = subscription
  await sql.callSql(
    'owner_save_push_subscription',
    { p_endpoint: endpoint, p_p256dh: keys.p256dh, p_auth: keys.auth },
    caller,
    'value',
  )
}

/**
 * Deletes the lead with its outbox rows (unsent ones never go out) and, embedded, its photos at once; on
 * Supabase send-quote-email removes the photos within a minute. False: no such lead.
 */
export async function deleteLead(
  backend: Pick<Backend, 'callSql' | 'purgeLeadFiles'>,
  caller: OwnerCaller,
  id: string,
): Promise<boolean> {
  const deleted = await backend.callSql<boolean>('owner_delete_lead', { p_id: id }, caller, 'value')
  // A failed removal stays queued: the daily run, or the next deletion, finishes it.
  if (deleted)
    await backend
      .purgeLeadFiles?.()
      .catch((error: unknown) => log('owner').warn({ err: error }, 'photos of a deleted lead not removed yet'))
  return deleted === true
}
