// A lead as the owner works it, written once for the inbox and `npm run leads` (docs/operations.md): the list,
// a status, a deletion. Who may call is the caller's check (ownerFn, or the shell that holds DATA_DIR).
import { sql } from 'kysely'
import { OWNER_STATUSES } from '~/features/leads'
import { UUID_PATTERN } from '~/lib/uuid'
import { pacificDate } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import type { Tables } from '../../platform/db/schema.gen'
import type { FileStore } from '../../platform/files/file-store.server'
import { log } from '../../platform/log/logger.server'
import { enqueue, removeFiles } from '../../platform/outbox/outbox.server'
import { csvText } from '../../platform/http/owner-files.server'

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

export function isLeadId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value.toLowerCase())
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

/** Newest first, with its status's age; never what the owner never sees. */
export async function listLeads(db: Db, filter: LeadFilter = {}) {
  return db
    .selectFrom('leads')
    .selectAll('leads')
    .select((eb) => [
      eb.fn.coalesce('leads.status_changed_at', 'leads.last_contact_at', 'leads.created_at').as('status_since'),
    ])
    .$if(Boolean(filter.since), (q) => q.where('leads.created_at', '>=', new Date(filter.since!)))
    .$if(Boolean(filter.status), (q) => q.where('leads.status', '=', filter.status!))
    .$if(Boolean(filter.inbox), (q) => q.where('leads.status', 'in', OWNER_STATUSES))
    .$if(Boolean(filter.id), (q) => q.where('leads.id', '=', filter.id!))
    .$if(Boolean(filter.limit), (q) => q.limit(filter.limit!))
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id')
    .execute()
    .then((rows) => rows.map(({ idempotency_key: _key, user_agent: _agent, ip_hash: _hash, ...row }) => row))
}
export type LeadRow = Awaited<ReturnType<typeof listLeads>>[number]

/** Null: no such lead. */
export async function setLeadStatus(db: Db, id: string, status: OwnerLeadStatus) {
  const changed = await db
    .updateTable('leads')
    .set({ status })
    .where('id', '=', id)
    .returning(['id', 'status'])
    .execute()
  return changed[0] ?? null
}

/**
 * Deletes these leads with their outbox rows (unsent ones never go out) and, in the same transaction, queues the
 * removal of their photos, which live outside the database (decision 043), due at `now` (the cause's clock): it
 * survives a crash or a store that does not answer. Their ids.
 */
async function deleteLeads(db: Db, now: Date, which: (tx: Db) => Promise<{ id: string }[]>): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const deleted = await which(tx)
    for (const { id } of deleted)
      await enqueue(tx, removeFiles, { folder: `lead-photos/${id}` }, { key: 'lead-photos', dueAt: now })
    return deleted.map((lead) => lead.id)
  })
}

/** Removes the lead's photos at once too; the queued removal finishes if this one fails. False: no such lead. */
export async function deleteLead(db: Db, id: string, files: FileStore, now: Date): Promise<boolean> {
  const deleteRow = (tx: Db) => tx.deleteFrom('leads').where('id', '=', id).returning('id').execute()
  const deleted = await deleteLeads(db, now, deleteRow)
  if (deleted.length === 0) return false
  await files
    .removeFolder(`lead-photos/${id}`)
    .catch((error: unknown) => log('owner').warn({ err: error }, 'photos of a deleted lead not removed yet'))
  return true
}

/**
 * Deletes every lead whose last contact is older than `months`, once per Pacific day however many instances ask:
 * the first to claim the day in daily_runs does it. Returns their ids.
 */
export async function expireLeads(db: Db, months: number, now: Date): Promise<string[]> {
  const ids = await deleteLeads(db, now, async (tx) => {
    const claimed = await tx
      .insertInto('daily_runs')
      .values({ job: 'lead-retention', day: pacificDate(now) })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (!Number(claimed.numInsertedOrUpdatedRows)) return []
    return tx
      .deleteFrom('leads')
      .where(
        (eb) => eb.fn('greatest', ['created_at', 'last_contact_at']),
        '<',
        sql<Date>`${now}::timestamptz - make_interval(months => ${months})`,
      )
      .returning('id')
      .execute()
  })
  if (ids.length > 0) log('leads').info({ deleted: ids.length, months }, 'deleted leads past their retention')
  return ids
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
  'job_value_cents',
  'contacted_at',
  'quoted_at',
  'won_at',
] as const satisfies readonly (keyof Tables['leads'])[]

// A spreadsheet filters on words: "yes" or "no", and empty when there is no ZIP to judge. The tags are one
// cell of JSON; times are ISO.
function cellText(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value === null || value === undefined ? null : String(value)
}

/** Rows as stored or as JSON (a command's answer): a time is a Date or its ISO text. */
export function leadsCsv(leads: readonly Record<(typeof CSV_COLUMNS)[number], unknown>[]): string {
  return csvText(
    CSV_COLUMNS,
    leads.map((lead) => CSV_COLUMNS.map((column) => cellText(lead[column]))),
  )
}
