// Who is due again (decision 064): each customer's newest job per service, due on its done date plus the
// service's interval, and the reminders of those due: queued 14 days before, sent between 8:00 and 21:00
// Pacific, once per due date; "Not this year" and "Stop reminders" hold for every later one.
import { randomBytes } from 'node:crypto'
import { serviceList } from '../../content/service-list'
import type { ServiceId } from '../../content/types'
import type { Db } from '../../platform/db/database.server'
import { pacificClock, pacificDate, pacificInstant } from '../../platform/time/business-hours.server'
import { cityOfZip } from '../leads/index.server'
import { addDays, dayText } from '../schedule'
import { offeredDays as openTruckDays } from '../schedule/index.server'
import { addMonths, DEFAULT_DUE_MONTHS, DUE_WINDOW_DAYS, REMINDER_HOURS, SNOOZE_MONTHS } from './due-again'

/** A link's token: 24 random bytes, 32 characters of base64url; `isToken` checks a link's shape before a query. */
export const newToken = () => randomBytes(24).toString('base64url')
export const isToken = (text: string) => /^[A-Za-z0-9_-]{32}$/.test(text)

// A reminder offers 2 to 4 of its city's open truck days (decision 063); with fewer open, none: reply or call.
const OFFERED_MIN = 2
const OFFERED_MAX = 4

/** The days a reminder offers, `YYYY-MM-DD`, and the city's name. */
export async function reminderDays(db: Db, zip: string | null, from: Date) {
  const city = cityOfZip(zip)
  const open = (await openTruckDays(db, from))(city?.slug ?? null)
  return { cityName: city?.name ?? null, days: open.length >= OFFERED_MIN ? open.slice(0, OFFERED_MAX) : [] }
}

/** Each service's months, null for never: the owner's where he set one, else the default. */
export async function dueIntervals(db: Db): Promise<Record<ServiceId, number | null>> {
  const rows = await db.selectFrom('due_again_intervals').select(['service_id', 'months']).execute()
  const set = new Map(rows.map((row) => [row.service_id, row.months]))
  return Object.fromEntries(
    serviceList.map(({ id }) => [id, set.has(id) ? set.get(id)! : (DEFAULT_DUE_MONTHS[id] ?? null)]),
  ) as Record<ServiceId, number | null>
}

/** Saves every service's months at once: null (empty) is never. */
export async function saveDueIntervals(db: Db, months: Record<ServiceId, number | null>): Promise<void> {
  await db
    .insertInto('due_again_intervals')
    .values(serviceList.map(({ id }) => ({ service_id: id, months: months[id] ?? null })))
    .onConflict((conflict) =>
      conflict.column('service_id').doUpdateSet((eb) => ({ months: eb.ref('excluded.months') })),
    )
    .execute()
}

/**
 * Every customer's newest job per service that has an interval, with its due date; none of a stopped customer
 * or one who said "Not this year" for that date, nor of one who asked for a quote since (not reminded twice).
 */
export async function dueJobs(db: Db) {
  const [intervals, rows, askedSince] = await Promise.all([
    dueIntervals(db),
    db
      .selectFrom('past_jobs')
      .innerJoin('past_customers', 'past_customers.id', 'past_jobs.customer_id')
      .select([
        'past_jobs.id as jobId',
        'past_jobs.customer_id as customerId',
        'past_jobs.service_id as serviceId',
        'past_jobs.done_on as doneOn',
        'past_jobs.price_cents as priceCents',
        'past_jobs.items',
        'past_customers.name',
        'past_customers.email',
        'past_customers.phone',
        'past_customers.zip',
        'past_customers.snoozed_until as snoozedUntil',
      ])
      .where('past_customers.stopped_at', 'is', null)
      .orderBy('past_jobs.done_on', 'desc')
      .orderBy('past_jobs.created_at', 'desc')
      .execute(),
    // The newest quote request of each address: a customer who asked since the job is a lead already.
    db
      .selectFrom('leads')
      .select(({ fn }) => [fn<string>('lower', ['email']).as('email'), fn.max('created_at').as('latest')])
      .where('status', 'not in', ['suspected_spam', 'archived'])
      .where('source_channel', 'is distinct from', 'due_again')
      .groupBy(({ fn }) => fn('lower', ['email']))
      .execute(),
  ])
  const asked = new Map(askedSince.map((row) => [row.email, new Date(row.latest as Date)]))
  const seen = new Set<string>()
  const due = rows.flatMap(({ zip, snoozedUntil, items, ...row }) => {
    const key = `${row.customerId} ${row.serviceId}`
    if (seen.has(key)) return []
    seen.add(key)
    const months = intervals[row.serviceId]
    if (!months) return []
    const doneOn = dayText(row.doneOn)
    const dueOn = addMonths(doneOn, months)
    if (snoozedUntil && dueOn < dayText(snoozedUntil)) return []
    const lastAsked = asked.get(row.email)
    // A paid job's own lead came before its done date; a later one is a new request.
    if (lastAsked && pacificDate(lastAsked) > addDays(doneOn, 1)) return []
    const city = cityOfZip(zip)
    const what = (items as { description: string }[]).map((item) => item.description).join(', ')
    return [{ ...row, citySlug: city?.slug ?? null, cityName: city?.name ?? null, what, doneOn, dueOn }]
  })
  return due.sort((a, b) => a.dueOn.localeCompare(b.dueOn))
}

/** A past customer's job that is due, or soon. */
type DueCustomer = Awaited<ReturnType<typeof dueJobs>>[number]

/** Due within `days` of `now`'s Pacific day, and overdue: the "Due again" view's 60, or a reminder's 14. */
export async function dueAgainList(db: Db, now: Date, days = DUE_WINDOW_DAYS) {
  const last = addDays(pacificDate(now), days)
  return (await dueJobs(db)).filter((job) => job.dueOn <= last)
}

/** Whether a reminder may go out at this instant: from 8:00 to before 21:00, Pacific. */
export function insideReminderHours(at: Date): boolean {
  const { minute } = pacificClock(at)
  return minute >= REMINDER_HOURS.from * 60 && minute < REMINDER_HOURS.to * 60
}

/** The first instant from `at` inside the reminder hours: itself, 8:00 that day, or 8:00 the next day. */
export function reminderSendAt(at: Date): Date {
  if (insideReminderHours(at)) return at
  const { year, month, day, minute } = pacificClock(at)
  return pacificInstant(year, month, minute < REMINDER_HOURS.from * 60 ? day : day + 1, REMINDER_HOURS.from * 60)
}

/** The reminder row of a due date: made once, whoever asks first (the worker or "Send reminder now"). */
export async function reminderOf(db: Db, job: DueCustomer): Promise<{ id: string; made: boolean }> {
  const made = await db
    .insertInto('due_reminders')
    .values({ customer_id: job.customerId, past_job_id: job.jobId, due_on: job.dueOn, token: newToken() })
    .onConflict((conflict) => conflict.columns(['customer_id', 'due_on']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (made) return { id: made.id, made: true }
  const { id } = await db
    .selectFrom('due_reminders')
    .select('id')
    .where('customer_id', '=', job.customerId)
    .where('due_on', '=', new Date(`${job.dueOn}T00:00:00Z`))
    .executeTakeFirstOrThrow()
  return { id, made: false }
}

/** "Not this year": no reminder for a due date in the next 12 months. */
export async function snoozeCustomer(db: Db, customerId: string, now: Date): Promise<void> {
  await db
    .updateTable('past_customers')
    .set({ snoozed_until: addMonths(pacificDate(now), SNOOZE_MONTHS) })
    .where('id', '=', customerId)
    .execute()
}

/** The view's rows: the list with each city's next truck day and the reminder of the due date, if any. */
export async function dueAgainView(db: Db, now: Date) {
  const [list, reminders, truckDaysOf] = await Promise.all([
    dueAgainList(db, now),
    db.selectFrom('due_reminders').select(['customer_id', 'due_on', 'sent_at', 'booked_day']).execute(),
    openTruckDays(db, now),
  ])
  const reminderOf = new Map(reminders.map((row) => [`${row.customer_id} ${dayText(row.due_on)}`, row]))
  return list.map((row) => {
    const reminder = reminderOf.get(`${row.customerId} ${row.dueOn}`)
    return {
      ...row,
      // The city's next open truck day (the owner's day), named in the "Text" message.
      truckDay: truckDaysOf(row.citySlug)[0] ?? null,
      // The owner's day it went, not UTC's: an evening's reminder is past midnight there.
      reminderSentOn: reminder?.sent_at ? pacificDate(reminder.sent_at) : null,
      bookedDay: reminder?.booked_day ? dayText(reminder.booked_day) : null,
    }
  })
}
export type DueAgainRow = Awaited<ReturnType<typeof dueAgainView>>[number]
