// Deleting a past customer as the privacy notice promises: their jobs, reminders and come-back mails not yet sent
// go in one transaction. A stopped customer's row stays, emptied down to the e-mail address and its stop, so that
// no later import starts the reminders again (the notice says so).
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'
import { dueAgainReminder, reviewRequest } from './come-back.outbox.server'

/** What an emptied stop keeps in the columns the schema requires. */
export const ERASED_CUSTOMER = { name: 'Deleted customer', phone: '-' } as const

/** False for an id that is no customer's: nothing is changed. */
export async function deleteCustomer(db: Db, customerId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    // Locked first, so a job paid meanwhile waits and its review request is not left queued.
    const customer = await tx
      .selectFrom('past_customers')
      .select('stopped_at')
      .where('id', '=', customerId)
      .forUpdate()
      .executeTakeFirst()
    if (!customer) return false
    // A reminder's row names no lead: its reminder is in the payload (until it is sent, when the payload is emptied).
    const reminders = tx
      .selectFrom('due_reminders')
      .select(sql<string>`id::text`.as('id'))
      .where('customer_id', '=', customerId)
    const paidLeads = tx.selectFrom('past_jobs').select('lead_id').where('customer_id', '=', customerId)
    await tx
      .deleteFrom('outbox')
      .where('sent_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('template', '=', dueAgainReminder.name).and(eb(sql<string>`payload->>'reminderId'`, 'in', reminders)),
          eb('template', '=', reviewRequest.name).and(eb('lead_id', 'in', paidLeads)),
        ]),
      )
      .execute()
    await tx.deleteFrom('review_requests').where('lead_id', 'in', paidLeads).where('sent_at', 'is', null).execute()
    if (!customer.stopped_at) {
      // Jobs and reminders go with the row (ON DELETE CASCADE).
      await tx.deleteFrom('past_customers').where('id', '=', customerId).execute()
      return true
    }
    await tx.deleteFrom('past_jobs').where('customer_id', '=', customerId).execute()
    await tx
      .updateTable('past_customers')
      .set({ ...ERASED_CUSTOMER, street: null, zip: null, snoozed_until: null })
      .where('id', '=', customerId)
      .execute()
    return true
  })
}
