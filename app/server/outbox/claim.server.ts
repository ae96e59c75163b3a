// The worker's side of the outbox table (docs/decisions/008, 019): due rows claimed with FOR UPDATE SKIP LOCKED
// under a lease, so N instances on one database send each once; with each its lead, and what its template reads.
import { sql } from 'kysely'
import type { Database, Db } from '../db/database.server'
import { quoteFactsOf } from '../quotes/quotes.server'
import type { MorningLead } from './messages.server'
import { templateOf, type OutboxRow } from './templates.server'

export interface Claim {
  worker: string
  now: Date
  leaseMs: number
  limit: number
  /** Journaled as sent but not yet marked: never claimed again. */
  skip: string[]
}

// The site's database, not a transaction: quoteFactsOf takes it.
export async function claimDue(db: Database, { worker, now, leaseMs, limit, skip }: Claim): Promise<OutboxRow[]> {
  const claimed = await db
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
          attempts: eb('outbox.attempts', '+', 1),
          claimed_by: worker,
          next_attempt_at: new Date(now.getTime() + leaseMs),
        }))
        .returning(['outbox.id', 'outbox.lead_id', 'outbox.template', 'outbox.attempts', 'outbox.payload']),
    )
    .selectFrom('claimed')
    .leftJoin('leads', 'leads.id', 'claimed.lead_id')
    .select([
      'claimed.id',
      'claimed.lead_id',
      'claimed.template',
      'claimed.attempts',
      'claimed.payload',
      'leads.status',
      'leads.first_name',
      'leads.email',
      'leads.phone',
      'leads.source_page',
      'leads.created_at',
      'leads.service_street',
      'leads.service_zip',
      'leads.preferred_time',
      'leads.outside_area',
    ])
    .execute()
  const rows: OutboxRow[] = claimed.map((row) => ({
    outboxId: row.id,
    leadId: row.lead_id ?? '',
    template: row.template,
    attempts: row.attempts,
    payload: (row.payload ?? null) as OutboxRow['payload'],
    status: row.status,
    firstName: row.first_name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    sourcePage: row.source_page,
    createdAt: row.created_at ?? now,
    street: row.service_street,
    zip: row.service_zip,
    preferredTime: row.preferred_time,
    outsideArea: row.outside_area,
  }))
  const reads = (row: OutboxRow) => templateOf(row.template)?.reads
  const quoteLeads = rows.filter((row) => reads(row) === 'quote').map((row) => row.leadId)
  const facts = quoteLeads.length > 0 ? await quoteFactsOf(db, [...new Set(quoteLeads)]) : new Map()
  for (const row of rows) {
    if (reads(row) === 'quote') row.quote = facts.get(row.leadId) ?? null
    if (reads(row) === 'leads') row.leads = await morningListLeads(db, row.payload?.leads)
  }
  return rows
}

/** The listed leads still new or contacted, as the morning e-mail shows them. */
async function morningListLeads(db: Db, ids: unknown): Promise<MorningLead[]> {
  const listed = Array.isArray(ids) ? ids.filter((id): id is string => /^[0-9a-f-]{36}$/.test(String(id))) : []
  if (listed.length === 0) return []
  const leads = await db
    .selectFrom('leads')
    .select(['first_name', 'phone', 'status', sql<Date>`greatest(created_at, last_contact_at)`.as('since')])
    .where('id', 'in', listed)
    .where('status', 'in', ['new', 'contacted'])
    .orderBy('created_at')
    .execute()
  return leads.map((lead) => ({
    firstName: lead.first_name,
    phone: lead.phone,
    status: lead.status,
    since: new Date(lead.since).toISOString(),
  }))
}

/**
 * Marks sent only rows still claimed by this worker: a cause that put a row due again while its older payload was
 * on the way cleared claimed_by, and the row must go out again with the newer one. The payload goes with it.
 */
export async function markSent(db: Db, ids: string[], worker: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: sql`coalesce(sent_at, now())`, last_error: null, claimed_by: null, payload: null })
    .where('id', 'in', ids)
    .where('claimed_by', '=', worker)
    .execute()
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error, claimed_by: null, next_attempt_at: retryAt })
    .where('id', '=', id)
    .execute()
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
