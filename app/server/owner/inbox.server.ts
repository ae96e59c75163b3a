// The session is checked by the caller.
import type { PGlite } from '@electric-sql/pglite'
import { leadTopic, type InboxLead, type OwnerStatus } from '../../lib/owner-lead'

export interface LeadRow {
  id: string
  created_at: Date | string
  first_name: string
  email: string
  phone: string
  status: string
  source_page: string | null
  owner_note: string | null
  review_sent_at: Date | string | null
  review_queued: boolean
}

const LEAD_COLUMNS = `q.id, q.created_at, q.first_name, q.email, q.phone, q.status, q.source_page, q.owner_note,
  r.sent_at AS review_sent_at, (r.id IS NOT NULL) AS review_queued`
const REVIEW_JOIN = `LEFT JOIN public.quote_outbox r ON r.quote_request_id = q.id AND r.kind = 'review_request'`

export function toInboxLead(row: LeadRow): InboxLead {
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
    reviewRequest: row.review_sent_at ? 'sent' : row.review_queued ? 'queued' : 'none',
  }
}

/** Spam and archived leads stay in `npm run leads`. */
export async function listInbox(db: PGlite, limit = 200): Promise<InboxLead[]> {
  const result = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM public.quote_requests q ${REVIEW_JOIN}
      WHERE q.status IN ('new', 'contacted', 'quoted', 'won', 'lost')
      ORDER BY q.created_at DESC, q.id LIMIT $1`,
    [limit],
  )
  return result.rows.map(toInboxLead)
}

export async function updateLead(
  db: PGlite,
  id: string,
  change: { status: OwnerStatus; note: string },
): Promise<InboxLead | null> {
  const updated = await db.query<{ id: string }>(
    `UPDATE public.quote_requests SET status = $2, owner_note = nullif($3, '') WHERE id = $1 RETURNING id`,
    [id, change.status, change.note],
  )
  if (!updated.rows[0]) return null
  const result = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM public.quote_requests q ${REVIEW_JOIN} WHERE q.id = $1`,
    [id],
  )
  return result.rows[0] ? toInboxLead(result.rows[0]) : null
}

export type ReviewRequestResult = 'queued' | 'already-sent' | 'not-won' | 'no-lead'

/** UNIQUE (quote_request_id, kind) refuses a second. */
export async function queueReviewRequest(db: PGlite, id: string): Promise<ReviewRequestResult> {
  return db.transaction(async (tx) => {
    const lead = await tx.query<{ status: string }>(
      `SELECT status FROM public.quote_requests WHERE id = $1 FOR UPDATE`,
      [id],
    )
    const status = lead.rows[0]?.status
    if (!status) return 'no-lead'
    if (status !== 'won') return 'not-won'
    const inserted = await tx.query(
      `INSERT INTO public.quote_outbox (quote_request_id, kind) VALUES ($1, 'review_request')
       ON CONFLICT (quote_request_id, kind) DO NOTHING`,
      [id],
    )
    return inserted.affectedRows === 1 ? 'queued' : 'already-sent'
  })
}

export interface PushSubscriptionInput {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export async function savePushSubscription(db: PGlite, subscription: PushSubscriptionInput): Promise<void> {
  await db.query(
    `INSERT INTO public.owner_push_subscriptions (endpoint, p256dh, auth) VALUES ($1, $2, $3)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
    [subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
  )
}
