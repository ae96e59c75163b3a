// Puts an outbox row due, in the caller's transaction (docs/decisions/008-lead-outbox.md): the message goes once the
// cause is committed, and not at all if it is rolled back. The worker (worker.server.ts) sends it.
import type { Db } from '../db/database.server'
import { TEMPLATES, type OutboxTemplate } from './templates.server'

export type { OutboxTemplate }

export interface Enqueued {
  /** The lead it is about; none for the sign-in e-mail, the morning list and a deleted lead's files. */
  leadId?: string | null
  /** What the message needs that the stored rows do not say, as of its cause. */
  payload?: Record<string, unknown> | null
  /**
   * Not before: `backend.now()` for at once, a later time for a follow-up. The worker claims by the backend's
   * clock, so a row dated by the database's now() would wait for whatever the two clocks differ by.
   */
  dueAt: Date
  /**
   * A lead has at most one row per template and key. `keep` leaves one queued or sent before as it is; `replace` puts it
   * due again with this payload, sent or not, because its cause changed (a new quote version, a reschedule).
   */
  onExisting?: 'keep' | 'replace'
  /** Tells apart the rows of a template a lead has several of: a payment's receipt by its id (decision 055). */
  key?: string
}

/** True when a row was put due: false is one kept as it was. */
export async function enqueue(db: Db, template: OutboxTemplate, row: Enqueued): Promise<boolean> {
  const { leadId = null, payload = null, dueAt, onExisting = 'keep', key = '' } = row
  const values = {
    lead_id: leadId,
    template,
    channel: TEMPLATES[template].channel,
    key,
    payload: payload === null ? null : JSON.stringify(payload),
    next_attempt_at: dueAt,
  }
  const result = await db
    .insertInto('outbox')
    .values(values)
    .onConflict((conflict) =>
      onExisting === 'keep'
        ? conflict.columns(['lead_id', 'template', 'key']).doNothing()
        : conflict.columns(['lead_id', 'template', 'key']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            next_attempt_at: eb.ref('excluded.next_attempt_at'),
            sent_at: null,
            last_error: null,
            attempts: 0,
            claimed_by: null,
          })),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Takes back rows of these templates not sent yet: their cause passed (a status change, a cancelled job). */
export async function dropQueued(db: Db, leadId: string, templates: OutboxTemplate[]): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('lead_id', '=', leadId)
    .where('template', 'in', templates)
    .where('sent_at', 'is', null)
    .execute()
}
