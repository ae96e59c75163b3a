// The worker's side of the outbox table (docs/decisions/008, 019): due rows claimed with FOR UPDATE SKIP LOCKED
// under a lease, so N instances on one database send each once.
import { sql } from 'kysely'
import type { Db } from '../db/database.server'

export interface Claim {
  worker: string
  now: Date
  leaseMs: number
  limit: number
  /** Journaled as sent but not yet marked: never claimed again. */
  skip: string[]
}

/** A claimed row, as the worker sends it and (without its payload) as its template sees it. */
export type ClaimedRow = Awaited<ReturnType<typeof claimDue>>[number]

export async function claimDue(db: Db, { worker, now, leaseMs, limit, skip }: Claim) {
  return db
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
    .updateTable('outbox')
    .from('due')
    .whereRef('outbox.id', '=', 'due.id')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      claimed_by: worker,
      next_attempt_at: new Date(+now + leaseMs),
    }))
    .returning([
      'outbox.id',
      'outbox.template',
      // Tells apart the rows of one template and lead: a receipt by its payment, a mail by its kind.
      'outbox.key',
      'outbox.lead_id as leadId',
      'outbox.attempts',
      'outbox.created_at as createdAt',
      'outbox.payload',
    ])
    .execute()
}

/**
 * Marks sent only rows still claimed by this worker: a cause that put a row due again while its older payload was
 * on the way cleared claimed_by, and the row must go out again with the newer one. The payload goes with it.
 */
export async function markSent(db: Db, ids: string[], worker: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      sent_at: eb.fn.coalesce('sent_at', sql<Date>`now()`),
      last_error: null,
      claimed_by: null,
      payload: null,
    }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', worker)
    .execute()
}

export async function markFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  const failed = { last_error: error, claimed_by: null, next_attempt_at: retryAt }
  await db.updateTable('outbox').set(failed).where('id', '=', id).execute()
}

/** What this worker claimed before a restart is due again at once; how many rows. */
export async function releaseClaims(db: Db, worker: string, now: Date): Promise<number> {
  const released = await db
    .updateTable('outbox')
    .set({ next_attempt_at: now, claimed_by: null })
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
