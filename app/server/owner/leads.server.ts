// A lead as the owner works it, written once for the inbox and `npm run leads` (docs/operations.md): the list,
// a status, a deletion. Who may call is the caller's check (ownerFn, or the shell that holds DATA_DIR).
import type { Queryable } from '../db/database.server'
import type { Tables } from '../db/schema.gen'
import type { FileStore } from '../files/file-store.server'
import { log } from '../log/logger.server'

export type OwnerLeadStatus = Tables['leads']['status']
// A record of every status, so a status added to the table's CHECK does not compile until it is here.
const STATUS_SET: Record<OwnerLeadStatus, true> = {
  new: true,
  suspected_spam: true,
  contacted: true,
  quoted: true,
  won: true,
  lost: true,
  archived: true,
}
export const LEAD_STATUSES = Object.keys(STATUS_SET) as OwnerLeadStatus[]

/** A stored lead with its review request (the inbox shows it), its status's age and nothing the owner never sees. */
export type LeadRow = Omit<Tables['leads'], 'idempotency_key' | 'user_agent' | 'ip_hash'> & {
  status_since: Date
  review: 'none' | 'queued' | 'sent'
}

export interface LeadFilter {
  since?: string
  status?: OwnerLeadStatus
  /** The inbox's leads: no suspected spam or archived ones. */
  inbox?: boolean
  id?: string
  limit?: number
}

export class LeadRequestError extends Error {
  override name = 'LeadRequestError'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isLeadId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 }

/** `7d`, `24h`, `30m`, `2w`, or a date or ISO time. */
export function parseSince(value: string, now: Date = new Date()): string {
  const relative = value.trim().match(/^(\d{1,5})([mhdw])$/)
  if (relative) return new Date(now.getTime() - Number(relative[1]) * UNIT_MS[relative[2]!]!).toISOString()
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    const date = new Date(value.trim())
    if (!Number.isNaN(date.getTime())) return date.toISOString()
  }
  throw new LeadRequestError(`--since takes an age like 7d, 24h, 30m or 2w, or a date like 2026-11-01 (got "${value}")`)
}

export function requireStatus(value: unknown): OwnerLeadStatus {
  if (typeof value === 'string' && Object.hasOwn(STATUS_SET, value)) return value as OwnerLeadStatus
  throw new LeadRequestError(`status must be one of ${LEAD_STATUSES.join(', ')} (got "${String(value)}")`)
}

export function checkFilter(input: { since?: unknown; status?: unknown }): LeadFilter {
  const filter: LeadFilter = {}
  if (input.since != null && input.since !== '') {
    if (typeof input.since !== 'string') throw new LeadRequestError('since must be a time')
    filter.since = parseSince(input.since)
  }
  if (input.status != null && input.status !== '') filter.status = requireStatus(input.status)
  return filter
}

/** Newest first. */
export async function listLeads(db: Queryable, filter: LeadFilter = {}): Promise<LeadRow[]> {
  const { rows } = await db.query<LeadRow>(
    `SELECT q.id, q.first_name, q.email, q.phone, q.status, q.source_page, q.spam_reason, q.created_at, q.owner_note,
            q.service_street, q.service_zip, q.preferred_time, q.outside_area, q.last_contact_at, q.source_channel,
            q.source_tags, q.landing_path, q.referrer_host, q.heard_about, q.job_value, q.contacted_at, q.quoted_at,
            q.won_at, q.status_changed_at, coalesce(q.status_changed_at, q.last_contact_at, q.created_at) AS status_since,
            CASE WHEN r.id IS NULL THEN 'none' WHEN r.sent_at IS NULL THEN 'queued' ELSE 'sent' END AS review
       FROM leads q
       LEFT JOIN outbox r ON r.lead_id = q.id AND r.kind = 'review_request'
      WHERE ($1::timestamptz IS NULL OR q.created_at >= $1) AND ($2::text IS NULL OR q.status = $2)
        AND (NOT $3 OR q.status IN ('new', 'contacted', 'quoted', 'won', 'lost')) AND ($4::uuid IS NULL OR q.id = $4)
      ORDER BY q.created_at DESC, q.id
      LIMIT $5`,
    [filter.since ?? null, filter.status ?? null, filter.inbox ?? false, filter.id ?? null, filter.limit ?? null],
  )
  return rows
}

/** Null: no such lead. */
export async function setLeadStatus(db: Queryable, id: string, status: OwnerLeadStatus) {
  const { rows } = await db.query<{ id: string; status: string }>(
    'UPDATE leads SET status = $2 WHERE id = $1 RETURNING id, status',
    [id, status],
  )
  return rows[0] ?? null
}

/**
 * Deletes the lead with its outbox rows (unsent ones never go out) and its photos. The deletion also queues the
 * photos' removal (decision 043), which the worker finishes if this one fails. False: no such lead.
 */
export async function deleteLead(db: Queryable, files: FileStore, id: string): Promise<boolean> {
  const { affectedRows } = await db.query('DELETE FROM leads WHERE id = $1', [id])
  if (affectedRows === 0) return false
  await files
    .removeFolder(`lead-photos/${id}`)
    .catch((error: unknown) => log('owner').warn({ err: error }, 'photos of a deleted lead not removed yet'))
  return true
}

export const CSV_COLUMNS = [
  'created_at',
  'first_name',
  'email',
  'phone',
  'service_street',
  'service_zip',
  'preferred_time',
  'outside_area',
  'status',
  'source_page',
  'spam_reason',
  'id',
  'source_channel',
  'heard_about',
  'landing_path',
  'referrer_host',
  'source_tags',
  'job_value',
  'contacted_at',
  'quoted_at',
  'won_at',
] as const

/**
 * A leading ' before = + - @ tab CR: a spreadsheet must not run a visitor's text. Quoted when it holds a
 * separator (`;` too: semicolon locales split on it) or starts like a formula (decision 052).
 */
export function csvCell(value: string | null): string {
  let text = value ?? ''
  const formula = /^[=+\-@\t\r]/.test(text)
  if (formula) text = `'${text}`
  return formula || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

// A spreadsheet filters on words: "yes" or "no", and empty when there is no ZIP to judge. The tags are one
// cell of JSON; times are ISO; a job value keeps its cents (numeric comes as text).
function cellText(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value === null || value === undefined ? null : String(value)
}

/** Rows as stored or as JSON (a command's answer): a time is a Date or its ISO text. */
export function leadsCsv(leads: readonly Record<(typeof CSV_COLUMNS)[number], unknown>[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(cellText(lead[column]))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
