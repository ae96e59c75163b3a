// What a lead's card shows of coming back (decision 064): the day a due-again lead asked for with "Same as last
// time", and the review request of a paid job.
import * as v from 'valibot'
import { centsText } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import { quoteDraftSchema } from '../quotes'
import { sendQuote } from '../quotes/index.server'
import { reviewRequestOf } from './review-requests.server'
import { COME_BACK_TEXTS } from './due-again'

/** The booked reminder of a due-again lead, with its customer's last job's items at this year's prices. */
async function bookingOf(db: Db, leadId: string) {
  const booking = await db
    .selectFrom('due_reminders')
    .innerJoin('past_jobs', 'past_jobs.id', 'due_reminders.past_job_id')
    .leftJoin('price_list', 'price_list.service_id', 'past_jobs.service_id')
    .select([
      'due_reminders.booked_day as bookedDay',
      'due_reminders.booked_window as bookedWindow',
      'past_jobs.items',
      'price_list.starting_cents as thisYearCents',
    ])
    .where('due_reminders.lead_id', '=', leadId)
    .executeTakeFirst()
  if (!booking) return undefined
  // A one-line job takes the price list's price for its service when one is set; a job of several lines keeps each
  // line's price, since the list prices the service, not a line.
  const items = booking.items as { description: string; cents: number }[]
  const cents = items.length === 1 ? booking.thisYearCents : null
  return { ...booking, lastTime: cents === null ? items : [{ ...items[0]!, cents }] }
}

export async function comeBackCard(db: Db, leadId: string) {
  const [booking, review] = await Promise.all([bookingOf(db, leadId), reviewRequestOf(db, leadId)])
  return {
    bookedDay: booking?.bookedDay?.toISOString().slice(0, 10) ?? null,
    lastTime: booking?.lastTime ?? null,
    review,
  }
}

/** "Same as last time": the quote of those items, sent as "Send quote" sends it. */
export async function sendSameAsLastTime(db: Db, leadId: string, now: Date) {
  const booking = await bookingOf(db, leadId)
  if (!booking) return { status: 409, message: COME_BACK_TEXTS.noLastTime } as const
  const draft = v.safeParse(quoteDraftSchema, {
    lead: leadId,
    items: booking.lastTime.map(({ description, cents }) => ({
      description,
      price: centsText(cents, { fixed: true }),
    })),
    note: "Same as last time, at this year's prices.",
    validDays: 30,
  })
  if (!draft.success) return { status: 409, message: COME_BACK_TEXTS.lastTimeNotAQuote } as const
  const sent = await sendQuote(db, draft.output, now)
  // The day asked for is the owner's day's request of this quote: once accepted, "Confirm day" books it.
  if (!('message' in sent) && booking.bookedDay && booking.bookedWindow)
    await db
      .insertInto('day_requests')
      .values({ lead_id: leadId, day: booking.bookedDay, time_window: booking.bookedWindow })
      .onConflict((conflict) => conflict.column('lead_id').doNothing())
      .execute()
  return sent
}
