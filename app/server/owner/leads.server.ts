import type { PGlite } from '@electric-sql/pglite'
import { purgeLeadFilesIn } from '../backend/lead-expiry.server'

/** Must match the status CHECK in the init migration. */
export const LEAD_STATUSES = ['new', 'suspected_spam', 'contacted', 'quoted', 'won', 'lost', 'archived'] as const
export type OwnerLeadStatus = (typeof LEAD_STATUSES)[number]

export function isLeadStatus(value: unknown): value is OwnerLeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value)
}

export interface OwnerLead {
  id: string
  created_at: string
  first_name: string
  email: string
  phone: string
  status: string
  source_page: string | null
  spam_reason: string | null
  service_street: string | null
  service_zip: string | null
  preferred_time: string | null
  /** Null without a ZIP. */
  outside_area: boolean | null
  /** How the lead found the site (docs/operations.md, "Where leads come from"); null before it was kept. */
  source_channel: string | null
  heard_about: string | null
  landing_path: string | null
  referrer_host: string | null
  /** The campaign tags and click ids the visit arrived with. */
  source_tags: Record<string, string> | null
  job_value: number | null
  contacted_at: string | null
  quoted_at: string | null
  won_at: string | null
}

export interface LeadFilter {
  since?: string
  status?: OwnerLeadStatus
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
  if (isLeadStatus(value)) return value
  throw new LeadRequestError(`status must be one of ${LEAD_STATUSES.join(', ')} (got "${String(value)}")`)
}

export function checkFilter(input: { since?: unknown; status?: unknown }): LeadFilter {
  const filter: LeadFilter = {}
  if (input.since !== undefined && input.since !== null && input.since !== '') {
    if (typeof input.since !== 'string') throw new LeadRequestError('since must be a time')
    filter.since = parseSince(input.since)
  }
  if (input.status !== undefined && input.status !== null && input.status !== '') {
    filter.status = requireStatus(input.status)
  }
  return filter
}

function toIso(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString()
}

const textOrNull = (value: unknown) => (value == null ? null : String(value))
const isoOrNull = (value: unknown) => (value == null ? null : toIso(value))

function tagsOf(value: unknown): Record<string, string> | null {
  const tags = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return tags && typeof tags === 'object' ? (tags as Record<string, string>) : null
}

/** PGlite gives Date, PostgREST a string: one shape. */
export function toOwnerLeads(rows: readonly Record<string, unknown>[]): OwnerLead[] {
  return rows.map((row) => ({
    id: String(row.id),
    created_at: toIso(row.created_at),
    first_name: String(row.first_name ?? ''),
    email: String(row.email ?? ''),
    phone: String(row.phone ?? ''),
    status: String(row.status ?? ''),
    source_page: row.source_page == null ? null : String(row.source_page),
    spam_reason: row.spam_reason == null ? null : String(row.spam_reason),
    service_street: row.service_street == null ? null : String(row.service_street),
    service_zip: row.service_zip == null ? null : String(row.service_zip),
    preferred_time: row.preferred_time == null ? null : String(row.preferred_time),
    outside_area: typeof row.outside_area === 'boolean' ? row.outside_area : null,
    source_channel: textOrNull(row.source_channel),
    heard_about: textOrNull(row.heard_about),
    landing_path: textOrNull(row.landing_path),
    referrer_host: textOrNull(row.referrer_host),
    source_tags: tagsOf(row.source_tags),
    job_value: row.job_value == null ? null : Number(row.job_value),
    contacted_at: isoOrNull(row.contacted_at),
    quoted_at: isoOrNull(row.quoted_at),
    won_at: isoOrNull(row.won_at),
  }))
}

export async function listLeadsIn(db: PGlite, filter: LeadFilter): Promise<OwnerLead[]> {
  const result = await db.query<Record<string, unknown>>(`SELECT * FROM public.owner_list_leads_v3($1, $2)`, [
    filter.since ?? null,
    filter.status ?? null,
  ])
  return toOwnerLeads(result.rows)
}

export async function setLeadStatusIn(
  db: PGlite,
  id: string,
  status: OwnerLeadStatus,
): Promise<{ id: string; status: string } | null> {
  const result = await db.query<{ id: string; status: string }>(`SELECT * FROM public.owner_set_lead_status($1, $2)`, [
    id,
    status,
  ])
  const row = result.rows[0]
  return row ? { id: String(row.id), status: row.status } : null
}

/** The inbox's deletion, run as the site's superuser: the lead, its outbox rows and its photo folder. */
export async function deleteLeadIn(db: PGlite, dataDir: string, id: string): Promise<boolean> {
  const result = await db.query<{ deleted: boolean }>(`SELECT public.owner_delete_lead($1) AS deleted`, [id])
  const deleted = result.rows[0]?.deleted === true
  if (deleted) await purgeLeadFilesIn(db, dataDir)
  return deleted
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

/** A leading ' before = + - @ tab CR: a spreadsheet must not run a visitor's text. */
export function csvCell(value: string | null): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

// A spreadsheet filters on words: "yes" or "no", and empty when there is no ZIP to judge. The tags are one
// cell of JSON; a job value has its cents.
function cellText(value: string | boolean | number | Record<string, string> | null): string | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return value.toFixed(2)
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value
}

export function leadsCsv(leads: readonly OwnerLead[]): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const lead of leads) lines.push(CSV_COLUMNS.map((column) => csvCell(cellText(lead[column]))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
