// The worker's side of the outbox table (docs/decisions/008, 019): due rows claimed with FOR UPDATE SKIP LOCKED
// under a lease, so N instances on one database send each once; with each its lead, and what its template reads.
import { sql } from 'kysely'
import type { Database, Db } from '../db/database.server'
import { quotesOf } from '../../features/quotes/quotes.server'
import { invoicesOf, unpaidInvoices } from '../../features/payments/invoices.server'
import { templateOf, type OutboxRow } from './templates.server'

export interface Claim {
  worker: string
  now: Date
  leaseMs: number
  limit: number
  /** Journaled as sent but not yet marked: never claimed again. */
  skip: string[]
}

export async function claimDue(db: Database, { worker, now, leaseMs, limit, skip }: Claim): Promise<OutboxRow[]> {
  const rows = await db
    .with('due', (qb) =>
      qb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .$if(skip.length > 0, (q) => q.where('id', 'not in', skip))
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .with('claimed', (qb) =>
      qb
        .updateTable('outbox')
        .from('due')
        .whereRef('outbox.id', '=', 'due.id')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          claimed_by: worker,
          next_attempt_at: new Date(+now + leaseMs),
        }))
        .returningAll('outbox'),
    )
    .selectFrom('claimed')
    .leftJoin('leads', 'leads.id', 'claimed.lead_id')
    // A row of no lead (a sign-in e-mail) has '' for the lead's texts.
    .select((eb) => [
      'claimed.id as outboxId',
      'claimed.template',
      'claimed.attempts',
      eb.ref('claimed.payload').$castTo<Record<string, unknown> | null>().as('payload'),
      eb.fn.coalesce(eb.cast<string>('claimed.lead_id', 'text'), sql.lit('')).as('leadId'),
      'leads.status',
      eb.fn.coalesce('leads.first_name', sql.lit('')).as('firstName'),
      eb.fn.coalesce('leads.email', sql.lit('')).as('email'),
      eb.fn.coalesce('leads.phone', sql.lit('')).as('phone'),
      'leads.source_page as sourcePage',
      eb.fn.coalesce('leads.created_at', 'claimed.created_at').as('createdAt'),
      'leads.service_street as street',
      'leads.service_zip as zip',
      'leads.preferred_time as preferredTime',
      'leads.outside_area as outsideArea',
    ])
    .execute()
  const leadsReading = (what: 'quote' | 'invoice') => [
    ...new Set(rows.filter((row) => templateOf(row.template)?.reads === what).map((row) => row.leadId)),
  ]
  const [facts, invoices] = await Promise.all([
    quotesOf(db, leadsReading('quote')),
    invoicesOf(db, leadsReading('invoice')),
  ])
  const read = async (row: OutboxRow) => {
    const reads = templateOf(row.template)?.reads
    if (reads === 'quote') row.quote = facts.get(row.leadId) ?? null
    if (reads === 'invoice') row.invoice = invoices.get(row.leadId) ?? null
    if (reads === 'leads') row.leads = await morningListLeads(db, row.payload?.leads)
    if (reads === 'leads') row.invoicesDue = await unpaidInvoices(db, now)
    return row
  }
  return Promise.all(rows.map(read))
}

/** The listed leads still new or contacted, as the morning e-mail shows them. */
async function morningListLeads(db: Db, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return []
  const leads = await db
    .selectFrom('leads')
    .select([
      'first_name as firstName',
      'phone',
      'status',
      sql<Date>`greatest(created_at, last_contact_at)`.as('since'),
    ])
    .where('id', 'in', ids.map(String))
    .where('status', 'in', ['new', 'contacted'])
    .orderBy('created_at')
    .execute()
  return leads.map((lead) => ({ ...lead, since: new Date(lead.since).toISOString() }))
}

/**
 * Marks sent only rows still claimed by this worker: a cause that put a row due again while its older payload was
 * on the way cleared claimed_by, and the row must go out again with the newer one. The payload goes with it.
 */
export async function markSent(db: Db, ids: string[], worker: string): Promise<void> {
  const sent = { sent_at: sql<Date>`coalesce(sent_at, now())`, last_error: null, claimed_by: null, payload: null }
  await db.updateTable('outbox').set(sent).where('id', 'in', ids).where('claimed_by', '=', worker).execute()
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  const failed = { last_error: error, claimed_by: null, next_attempt_at: retryAt }
  await db.updateTable('outbox').set(failed).where('id', '=', id).execute()
}

/** What this worker claimed before a restart is due again at once; how many rows. */
export async function releaseClaims(db: Db, worker: string): Promise<number> {
  const released = await db
    .updateTable('outbox')
    .set({ next_attempt_at: sql`now()`, claimed_by: null })
    .where('sent_at', 'is', null)
    .where('claimed_by', '=', worker)
    .executeTakeFirst()
  return Number(released.numUpdatedRows)
}

/** When the next unsent row falls due (another instance's too); null when none waits. */
export async function nextDue(db: Db): Promise<Date | null> {
  const next = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  return next?.at ? new Date(next.at) : null
}
