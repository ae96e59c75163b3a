// The inbox's reads and writes (docs/decisions/033-owner-inbox.md); the caller has checked the owner's session.
import {
  followUpMark,
  leadTopic,
  OWNER_STATUSES,
  SOURCE_PERIODS,
  type InboxLead,
  type LeadSources,
  type OwnerStatus,
  type SourceCount,
  type SourcePeriod,
} from '../../lib/owner/owner-lead'
import type { Queryable } from '../db/database.server'
import { withPhotos } from './lead-photos.server'
import { withQuotes } from '../quotes/quotes.server'
import { withInvoices } from '../payments/invoices.server'
import { listLeads, type LeadRow } from './leads.server'
import { cityOfZip } from '../leads/lead-fields.server'
import { categoryOfLeadPage } from './work-prefill.server'

export type ReviewRequestResult = 'queued' | 'already-sent' | 'not-won' | 'no-lead'

export function toInboxLead(row: LeadRow, now = Date.now()): InboxLead {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    firstName: row.first_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    sourcePage: row.source_page,
    note: row.owner_note ?? '',
    ...leadTopic(row.source_page),
    reviewRequest: row.review,
    street: row.service_street,
    zip: row.service_zip,
    preferredTime: row.preferred_time,
    outsideArea: row.outside_area,
    channel: row.source_channel,
    heardAbout: row.heard_about,
    jobValue: row.job_value === null ? null : Number(row.job_value),
    followUp: followUpMark(row.status, new Date(row.status_since), now),
    workCity: cityOfZip(row.service_zip)?.slug ?? null,
    workCategory: categoryOfLeadPage(row.source_page),
  }
}

/** The rows' cards with their photos, quotes and invoices: one read of each for the whole list. */
async function inboxCards(db: Queryable, rows: LeadRow[]): Promise<InboxLead[]> {
  const cards = rows.map((row) => toInboxLead(row))
  return withInvoices(db, await withQuotes(db, await withPhotos(db, cards)))
}

/** Spam and archived leads stay in `npm run leads`. */
export async function listInbox(db: Queryable, limit = 200): Promise<InboxLead[]> {
  return inboxCards(db, await listLeads(db, { inbox: true, limit: Math.min(Math.max(limit, 1), 500) }))
}

/** Null: no such lead. The job value is kept only with "won", as the table's trigger keeps won_at. */
export async function updateLead(
  db: Queryable,
  id: string,
  change: { status: OwnerStatus; note: string; jobValue?: number | null },
): Promise<InboxLead | null> {
  if (!OWNER_STATUSES.includes(change.status)) return null
  const { affectedRows } = await db.query(
    `UPDATE leads SET status = $2, owner_note = nullif($3, ''), job_value = CASE WHEN $2 = 'won' THEN $4::numeric END
      WHERE id = $1 AND status IN ('new', 'contacted', 'quoted', 'won', 'lost')`,
    [id, change.status, change.note, change.jobValue ?? null],
  )
  if (affectedRows === 0) return null
  return (await inboxCards(db, await listLeads(db, { id })))[0] ?? null
}

/**
 * Per channel, then per answer to "How did you hear about us?", for real leads (no spam or archived) of the
 * last `days`. Contacted and quoted count a lead that ever reached the stage; won counts leads won now.
 */
export async function leadSources(db: Queryable, days: SourcePeriod): Promise<LeadSources> {
  if (!SOURCE_PERIODS.includes(days)) throw new Error(`not a sources period: ${days}`)
  const { rows } = await db.query<SourceCount & { dimension: 'channel' | 'heard_about' }>(
    `WITH recent AS (
       SELECT source_channel, heard_about, contacted_at, quoted_at, status, job_value FROM leads
        WHERE status IN ('new', 'contacted', 'quoted', 'won', 'lost') AND created_at >= now() - make_interval(days => $1)
     ), per AS (
       SELECT 'channel' AS dimension, r.source_channel AS value, r.* FROM recent r
       UNION ALL SELECT 'heard_about', r.heard_about, r.* FROM recent r
     )
     SELECT dimension, value, count(*)::int AS leads, count(contacted_at)::int AS contacted,
            count(quoted_at)::int AS quoted, (count(*) FILTER (WHERE status = 'won'))::int AS won,
            coalesce(sum(job_value) FILTER (WHERE status = 'won'), 0)::float8 AS "wonValue"
       FROM per GROUP BY dimension, value ORDER BY dimension, count(*) DESC, value NULLS LAST`,
    [days],
  )
  const counts = (dimension: string) =>
    rows.filter((row) => row.dimension === dimension).map(({ dimension: _, ...count }) => count)
  return { days, channels: counts('channel'), answers: counts('heard_about') }
}

/** At most one per lead: the outbox's UNIQUE (lead_id, kind). The link is the site's configuration's. */
export async function requestReview(db: Queryable, id: string): Promise<ReviewRequestResult> {
  const { rows } = await db.query<{ result: ReviewRequestResult }>('SELECT public.owner_request_review($1) AS result', [
    id,
  ])
  const result = rows[0]?.result
  if (!result) throw new Error('owner_request_review: no answer')
  return result
}

export async function savePushSubscription(
  db: Queryable,
  { endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await db.query(
    `INSERT INTO owner_push_subscriptions (endpoint, p256dh, auth) VALUES ($1, $2, $3)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
    [endpoint, keys.p256dh, keys.auth],
  )
}
