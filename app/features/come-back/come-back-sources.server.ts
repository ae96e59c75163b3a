// What comes back, for the Sources view (decision 064): reminders sent in the period, days booked from them, their
// leads' accepted quotes and value; review requests sent and links opened.
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'

export async function comeBackCounts(db: Db, days: number) {
  const since = sql<Date>`now() - make_interval(days => ${days})`
  const [reminders, rebooks, reviews] = await Promise.all([
    db
      .selectFrom('due_reminders')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('sent_at', '>=', since).as('sent'),
        eb.fn.countAll<number>().filterWhere('booked_at', '>=', since).as('booked'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('due_reminders')
      .innerJoin('quotes', 'quotes.lead_id', 'due_reminders.lead_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('accepted'),
        eb.fn.coalesce(eb.fn.sum<number>('quotes.accepted_total_cents'), sql.lit(0)).as('cents'),
      ])
      .where('quotes.accepted_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('review_requests')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('sent_at', '>=', since).as('sent'),
        eb.fn.countAll<number>().filterWhere('opened_at', '>=', since).as('opened'),
      ])
      .executeTakeFirstOrThrow(),
  ])
  return {
    remindersSent: Number(reminders.sent),
    daysBooked: Number(reminders.booked),
    rebooksAccepted: Number(rebooks.accepted),
    rebookCents: Number(rebooks.cents),
    reviewRequestsSent: Number(reviews.sent),
    reviewLinksOpened: Number(reviews.opened),
  }
}

/** Sources' counts of what comes back, in its period. */
export type ComeBackCounts = Awaited<ReturnType<typeof comeBackCounts>>
