// "Find a past customer" (decision 064): the owner answers a request to see or delete someone's details, whoever
// they are: the Due again list shows only who is due within 60 days, and never a customer who stopped reminders.
import type { Db } from '../../platform/db/database.server'
import { ERASED_CUSTOMER } from './customer-deletion.server'
import { FIND_CUSTOMER_MAX } from './due-again'

/** Whose name or e-mail holds `text`, or whose phone holds its digits (4 or more); by name. */
export async function findCustomers(db: Db, text: string) {
  const like = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  const digits = text.replace(/\D/g, '')
  const rows = await db
    .selectFrom('past_customers as c')
    .leftJoin('past_jobs as j', 'j.customer_id', 'c.id')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.email',
      'c.phone',
      'c.zip',
      'c.stopped_at as stoppedAt',
      eb.fn.max('j.done_on').as('lastDone'),
      eb.fn.count<number>('j.id').as('jobs'),
    ])
    .where((eb) =>
      eb.or([
        eb('c.name', 'ilike', like),
        eb('c.email', 'ilike', like),
        ...(digits.length >= 4
          ? [eb(eb.fn('regexp_replace', ['c.phone', eb.val('\\D'), eb.val(''), eb.val('g')]), 'like', `%${digits}%`)]
          : []),
      ]),
    )
    // A stopped customer already deleted keeps only the stop: nothing of theirs is left to show.
    .where((eb) => eb.not(eb.and([eb('c.name', '=', ERASED_CUSTOMER.name), eb('c.phone', '=', ERASED_CUSTOMER.phone)])))
    .groupBy('c.id')
    .orderBy('c.name')
    .orderBy('c.email')
    .limit(FIND_CUSTOMER_MAX)
    .execute()
  return rows.map((row) => ({
    ...row,
    stopped: row.stoppedAt !== null,
    lastDone: row.lastDone ? new Date(row.lastDone).toISOString().slice(0, 10) : null,
    jobs: Number(row.jobs),
  }))
}
