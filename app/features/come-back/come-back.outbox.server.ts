// Coming back's two templates and its periodic turn (decision 064). Each template decides as it is sent: a
// stopped, snoozed, booked or since-served customer gets no reminder, one outside 8:00-21:00 Pacific waits; a held
// review request or an opened one's reminder is not sent.
import { MAX_CENTS } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import { enqueue, outboxTemplate } from '../../platform/outbox/outbox.server'
import { outboxJob } from '../../platform/outbox/worker.server'
import { pacificClock, pacificDate, pacificInstant } from '../../platform/time/business-hours.server'
import { whenInvoicePaid } from '../payments/index.server'
import { reminderFacts, reminderMail, reviewRequestMail } from './come-back-mail.server'
import { dueAgainList, dueJobs, insideReminderHours, newToken, reminderOf, reminderSendAt } from './due-again.server'
import { pastCustomerIds } from './past-jobs-import.server'
import { REMINDER_DAYS_BEFORE, REVIEW_HOUR, REVIEW_REMINDER_DAYS } from './due-again'

/** `now`: the owner's "Send reminder now", sent at once whatever the hour. */
interface ReminderPayload {
  reminderId: string
  now: boolean
}

export const dueAgainReminder = outboxTemplate('due_again_reminder', {
  channel: 'customer_mail',
  build: async ({ reminderId, now: atOnce }: ReminderPayload, _row, { db, now }) => {
    const facts = await reminderFacts(db, reminderId, now)
    if (!facts) return 'the customer is gone'
    if (facts.stoppedAt) return 'reminders are stopped'
    if (facts.snoozedUntil && facts.snoozedUntil.getTime() > Date.parse(facts.dueOn)) return 'not this year'
    if (facts.doneAgain) return 'the job was done again since'
    if (facts.bookedAt) return 'a day is booked'
    // Put due inside the hours when queued; a worker that was down sends it once they open again.
    if (!atOnce && !insideReminderHours(now)) throw new Error('outside 8:00-21:00 Pacific; kept until then')
    await db
      .updateTable('due_reminders')
      .set((eb) => ({ sent_at: eb.fn.coalesce('sent_at', eb.val(now)), sent_count: eb('sent_count', '+', 1) }))
      .where('id', '=', reminderId)
      .execute()
    return reminderMail(facts)
  },
})

/** The first request, or (`reminder`) its one reminder 6 days later. */
export const reviewRequest = outboxTemplate('review_request', {
  channel: 'customer_mail',
  build: async ({ reminder }: { reminder: boolean }, row, { db, now, config }) => {
    const request =
      row.leadId &&
      (await db
        .selectFrom('review_requests')
        .innerJoin('leads', 'leads.id', 'review_requests.lead_id')
        .select(['token', 'held_at', 'opened_at', 'leads.first_name as name', 'leads.email'])
        .where('review_requests.lead_id', '=', row.leadId)
        .executeTakeFirst())
    if (!request) return 'the lead is gone'
    if (request.held_at) return 'held by the owner'
    if (reminder && request.opened_at) return 'the link was opened'
    // Nothing to ask for: kept and sent once it is set, it would arrive days after the job (decision 064).
    if (!config.owner.googleReviewUrl) return 'no review link is set (GOOGLE_REVIEW_URL)'
    await db
      .updateTable('review_requests')
      .set((eb) => ({ sent_at: eb.fn.coalesce('sent_at', eb.val(now)) }))
      .where('lead_id', '=', row.leadId!)
      .execute()
    return reviewRequestMail(request, request.token, reminder)
  },
})

/** 9:00 Pacific, `days` after the Pacific day of `at`. */
export function pacificMorning(at: Date, days: number): Date {
  const { year, month, day } = pacificClock(at)
  return pacificInstant(year, month, day + days, REVIEW_HOUR * 60)
}

/**
 * In the transaction where the lead's invoice became paid in full (its row locked): the job becomes a past job,
 * due again by its service's interval, and the review request and its reminder are queued, once per lead.
 */
async function jobPaid(tx: Db, leadId: string, now: Date): Promise<void> {
  const lead = await tx
    .selectFrom('leads')
    .leftJoin('quotes', 'quotes.lead_id', 'leads.id')
    .innerJoin('invoices', 'invoices.lead_id', 'leads.id')
    .select([
      'leads.first_name as name',
      'leads.email',
      'leads.phone',
      'leads.service_street as street',
      'leads.service_zip as zip',
      'leads.service_id as serviceId',
      'quotes.accepted_items as acceptedItems',
      'invoices.total_cents as totalCents',
    ])
    .where('leads.id', '=', leadId)
    .executeTakeFirst()
  if (!lead) return
  if (lead.serviceId) {
    const customerId = (await pastCustomerIds(tx, [lead])).get(lead.email.toLowerCase())!
    const items = ((lead.acceptedItems ?? []) as { description: string; cents: number }[]).map(
      ({ description, cents }) => ({ description, cents }),
    )
    await tx
      .insertInto('past_jobs')
      .values({
        customer_id: customerId,
        service_id: lead.serviceId,
        done_on: pacificDate(now),
        price_cents: Math.min(lead.totalCents, MAX_CENTS),
        items: JSON.stringify(items),
        lead_id: leadId,
      })
      .onConflict((conflict) => conflict.column('lead_id').doNothing())
      .execute()
  }
  const made = await tx
    .insertInto('review_requests')
    .values({ lead_id: leadId, token: newToken(), queued_at: now })
    .onConflict((conflict) => conflict.column('lead_id').doNothing())
    .executeTakeFirst()
  if (!Number(made.numInsertedOrUpdatedRows ?? 0)) return
  await queueReviewMails(tx, leadId, now)
}

/** The request and its reminder; one sent before stays as it was. */
export async function queueReviewMails(db: Db, leadId: string, now: Date): Promise<void> {
  await enqueue(db, reviewRequest, { reminder: false }, { leadId, key: 'review', dueAt: pacificMorning(now, 1) })
  const reminderAt = pacificMorning(now, 1 + REVIEW_REMINDER_DAYS)
  await enqueue(db, reviewRequest, { reminder: true }, { leadId, key: 'review-reminder', dueAt: reminderAt })
}

/**
 * The worker's turn: a reminder for each due date whose day came (14 days before), once per due date, due at the
 * first instant inside the hours. How many were queued.
 */
export async function queueDueReminders(db: Db, now: Date): Promise<number> {
  const ready = await dueAgainList(db, now, REMINDER_DAYS_BEFORE)
  let queued = 0
  for (const job of ready)
    await db.transaction().execute(async (tx) => {
      const reminder = await reminderOf(tx, job)
      if (!reminder.made) return
      const payload: ReminderPayload = { reminderId: reminder.id, now: false }
      await enqueue(tx, dueAgainReminder, payload, { key: `reminder-${reminder.id}`, dueAt: reminderSendAt(now) })
      queued++
    })
  return queued
}

/** "Send reminder now" on a customer's job: at once, whatever the hour; another press sends another. */
export async function sendReminderNow(db: Db, jobId: string, now: Date): Promise<'queued' | 'not-due'> {
  const job = (await dueJobs(db)).find((due) => due.jobId === jobId)
  if (!job) return 'not-due'
  await db.transaction().execute(async (tx) => {
    const reminder = await reminderOf(tx, job)
    const payload: ReminderPayload = { reminderId: reminder.id, now: true }
    await enqueue(tx, dueAgainReminder, payload, { key: `reminder-${reminder.id}-${now.getTime()}`, dueAt: now })
  })
  return 'queued'
}

// Who is due is read at most every 10 minutes per database: the list changes by the day.
const lastTurn = new WeakMap<Db, number>()

outboxJob('due again', async ({ db, now }) => {
  if (now.getTime() - (lastTurn.get(db) ?? -Infinity) < 10 * 60_000) return
  lastTurn.set(db, now.getTime())
  await queueDueReminders(db, now)
})

whenInvoicePaid('come back', jobPaid)
