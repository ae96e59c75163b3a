// Quotes and jobs in the database (docs/decisions/053-quotes-and-jobs.md): each write as one transaction that locks
// the lead's row first, then the quote's (lockLead). One order for every writer: two at once wait for each other
// instead of deadlocking, and the second sees what the first committed. Its messages are queued in it.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { site } from '../../content/site'
import { OWNER_STATUSES } from '../leads'
import { quoteLink, quoteTotal, type LeadQuote, type QuoteItem } from './quote'
import type { QuoteDraft } from './quote-schema'
import { pacificInstant } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import { customerMail, dropQueued, enqueue, ownerPush } from '../../platform/outbox/outbox.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { emailDomain, type Mail } from '../../platform/transport/mail.server'
import { priceList, quoteTerms, shownPriceOf } from '../prices/index.server'
import { CUSTOMER_COLUMNS, type LeadCustomer } from '../leads/index.server'
import { jobMail, quoteAcceptedMail, quoteAcceptedPush, quoteChangesPush, quoteSentMail } from './quote-mail.server'
import { QUOTE_REFUSALS, type QuoteRefusal } from './quote-texts'
import { quoteOf, quotesOf, selectQuotes, toQuote } from './quote-reads.server'
import { jobReminder } from './quotes.outbox.server'

export type ScheduleResult = 'scheduled' | 'cancelled' | QuoteRefusal
/** "Schedule" or "Reschedule" a day and window, or "Cancel job". */
export type JobChange = { lead: string } & ({ day: string; start: string; end: string } | { cancel: true })
export type AnswerResult = 'sent' | 'accepted' | 'already' | 'stale' | 'unknown-item' | 'gone'
/** The customer's post: "Ask for changes", or "Accept quote" naming the version shown and the options ticked. */
export type Answer = { push: boolean } & (
  | { message: string }
  | { version: number; hash: string; name: string; chosen: string[]; ipHash: string | null; userAgent: string | null }
)

// The quote's own dates are the database's (sent_at, valid_until, expired): one clock dates and judges them.
const databaseNow = sql<Date>`now()`

/** The inbox's cards get their quote's state; the texts only the editor and the customer see stay here. */
export async function withQuotes<Lead extends { id: string }>(
  db: Db,
  leads: Lead[],
): Promise<(Lead & { quote?: LeadQuote })[]> {
  const ids = leads.map((lead) => lead.id)
  const quotes = await quotesOf(db, ids)
  return leads.map((lead) => {
    const found = quotes.get(lead.id)
    if (!found) return lead
    const { terms: _terms, note: _note, hash: _hash, ...quote } = found
    return { ...lead, quote: quote satisfies LeadQuote }
  })
}

/**
 * Locks the lead's row, then its quote's (see the header): the lead (its status, and who and where for the
 * messages) and the quote as it now stands.
 */
async function lockLead(tx: Db, leadId: string) {
  const lead = await tx
    .selectFrom('leads as l')
    .select(['l.status', ...CUSTOMER_COLUMNS])
    .where('l.id', '=', leadId)
    .forUpdate()
    .executeTakeFirst()
  const row = lead && (await selectQuotes(tx).where('q.lead_id', '=', leadId).forUpdate('q').executeTakeFirst())
  return { lead, quote: row ? toQuote(row) : null }
}

/**
 * Puts the customer's e-mail of `key` due, replacing one queued or sent before (a newer version, a reschedule); an
 * address a mail server must not get is sent nothing, and an older one still queued goes too.
 */
async function queueCustomerMail(tx: Db, customer: LeadCustomer, key: string, mail: Mail | null, dueAt: Date) {
  if (mail) await enqueue(tx, customerMail, mail, { leadId: customer.leadId, key, dueAt, onExisting: 'replace' })
  else await dropQueued(tx, customer.leadId, [customerMail], [key])
}

/** Null: no such lead. */
export async function quoteEditor(db: Db, leadId: string) {
  const row = await db
    .selectFrom('leads')
    .select(['id', 'first_name as firstName', 'phone', 'status', 'service_id'])
    .select(['price_size', 'price_low_cents', 'price_high_cents', 'price_minimum_cents'])
    .where('id', '=', leadId)
    .where('status', 'in', OWNER_STATUSES)
    .executeTakeFirst()
  if (!row) return null
  const { id, firstName, phone, status } = row
  const [prices, quote] = await Promise.all([priceList(db), quoteOf(db, leadId)])
  // A first quote starts from the range its visitor was shown (decision 057): the service's line at the low end.
  const shown = shownPriceOf(row)
  const line = prices.find((each) => each.serviceId === row.service_id)
  const prefill =
    shown && line
      ? { description: shown.size ? `${line.description} (${shown.size})` : line.description, cents: shown.lowCents }
      : null
  return { lead: { id, firstName, phone, status }, prices, quote, shownPrice: shown, prefill }
}

/** The SHA-256 of what the customer accepts, in one fixed order: an acceptance names exactly this. */
export function versionHash(content: { items: QuoteItem[]; note: string | null; terms: string; validUntil: string }) {
  const items = content.items.map(({ id, description, cents, optional }) => ({ id, description, cents, optional }))
  const canonical = JSON.stringify({ items, note: content.note, terms: content.terms, validUntil: content.validUntil })
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * "Send quote": the next version with today's terms, valid `validDays` Pacific days after today. The lead becomes
 * quoted (its status trigger queues the reminders, once) and the customer's e-mail of this version is put due at
 * `now`, in place of the last one's. Answers the link and version sent, or the refusal.
 */
export async function sendQuote(db: Db, draft: QuoteDraft, now: Date) {
  const content = {
    items: draft.items.map(({ description, price, optional }, i) => ({
      id: `i${i + 1}`,
      description,
      cents: price,
      optional,
    })),
    note: draft.note || null,
    terms: await quoteTerms(db),
  }
  const sent = await db.transaction().execute(async (tx) => {
    const { lead, quote } = await lockLead(tx, draft.lead)
    if (!lead || lead.status === 'suspected_spam' || lead.status === 'archived') return QUOTE_REFUSALS['no-lead']
    if (quote?.acceptance) return QUOTE_REFUSALS.accepted
    const token = quote?.token ?? randomBytes(24).toString('base64url')
    const version = (quote?.version ?? 0) + 1
    const { items, note, terms } = content
    const validUntil = await pacificDaysLater(tx, draft.validDays)
    const fields = { version, items: JSON.stringify(items), note, terms, valid_until: validUntil }
    const sentNow = {
      ...fields,
      hash: versionHash({ ...content, validUntil }),
      sent_at: databaseNow,
      withdrawn_at: null,
    }
    await tx
      .insertInto('quotes')
      .values({ lead_id: draft.lead, token, ...sentNow })
      .onConflict((conflict) => conflict.column('lead_id').doUpdateSet(sentNow))
      .execute()
    if (lead.status !== 'quoted')
      await tx.updateTable('leads').set({ status: 'quoted' }).where('id', '=', draft.lead).execute()
    const stored = (await quoteOf(tx, draft.lead))!
    await queueCustomerMail(tx, lead, 'quote-sent', quoteSentMail(lead, stored), now)
    return { token, version }
  })
  if ('message' in sent) return sent
  deliverSoon()
  return { link: quoteLink(sent.token), version: sent.version }
}

/**
 * The Pacific date `days` after today, by the database's clock: the one that dates a quote (sent_at) and judges it
 * expired (selectQuotes), so its last day is counted by it too.
 */
async function pacificDaysLater(db: Db, days: number): Promise<string> {
  const day = sql<string>`to_char((now() AT TIME ZONE 'America/Los_Angeles')::date + ${days}::int, 'YYYY-MM-DD')`
  return (await db.selectNoFrom(day.as('day')).executeTakeFirstOrThrow()).day
}

/** The link stops opening; sending again opens it with the new version. An accepted quote is never withdrawn. */
export function withdrawQuote(db: Db, leadId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const { quote } = await lockLead(tx, leadId)
    if (!quote || quote.withdrawn || quote.acceptance) return false
    await tx.updateTable('quotes').set({ withdrawn_at: databaseNow }).where('lead_id', '=', leadId).execute()
    return true
  })
}

/**
 * The customer's answer on the quote page, for a link that still opens (else gone; accepted before: already).
 * A message is kept and puts the owner's push due again. An acceptance's total is summed here from the stored
 * version the page showed (a newer one: stale), never taken from the request; in the same transaction the lead
 * is won with that job value (the status trigger ends the quote reminders) and the e-mail and push are queued.
 * `answer.push`: the owner's alerts are on.
 */
export async function answerQuote(db: Db, token: string, answer: Answer, now: Date): Promise<AnswerResult> {
  const result = await db.transaction().execute(async (tx): Promise<AnswerResult> => {
    const found = await tx.selectFrom('quotes').select('lead_id').where('token', '=', token).executeTakeFirst()
    if (!found) return 'gone'
    const leadId = found.lead_id
    const { lead, quote } = await lockLead(tx, leadId)
    if (!lead || !quote) return 'gone'
    if (quote.acceptance) return 'already'
    if (quote.withdrawn || quote.expired) return 'gone'
    if ('message' in answer) {
      await tx
        .updateTable('quotes')
        .set({ change_message: answer.message, change_asked_at: databaseNow })
        .where('lead_id', '=', leadId)
        .execute()
      if (answer.push)
        await enqueue(tx, ownerPush, quoteChangesPush(lead, answer.message), {
          leadId,
          key: 'quote-changes',
          dueAt: now,
          onExisting: 'replace',
        })
      return 'sent'
    }
    if (quote.version !== answer.version || quote.hash !== answer.hash) return 'stale'
    const { items } = quote
    const chosen = new Set(answer.chosen)
    if ([...chosen].some((id) => !items.some((item) => item.optional && item.id === id))) return 'unknown-item'
    const total = quoteTotal(items, chosen)
    await tx
      .updateTable('quotes')
      .set({
        accepted_at: databaseNow,
        accepted_name: answer.name,
        accepted_items: JSON.stringify(items.filter((item) => !item.optional || chosen.has(item.id))),
        accepted_total_cents: total,
        accepted_ip_hash: answer.ipHash,
        accepted_user_agent: answer.userAgent?.slice(0, 512) || null,
      })
      .where('lead_id', '=', leadId)
      .execute()
    await tx.updateTable('leads').set({ status: 'won', job_value_cents: total }).where('id', '=', leadId).execute()
    await queueAcceptance(tx, lead, answer.push, now)
    return 'accepted'
  })
  if (result === 'sent' || result === 'accepted') deliverSoon()
  return result
}

/** The customer's copy of the accepted quote, and the owner's push while his alerts are on. */
async function queueAcceptance(tx: Db, customer: LeadCustomer, push: boolean, now: Date) {
  const { leadId } = customer
  const accepted = (await quoteOf(tx, leadId))!
  const mail = quoteAcceptedMail(customer, accepted)
  if (mail) await enqueue(tx, customerMail, mail, { leadId, key: 'quote-accepted', dueAt: now })
  if (push && accepted.acceptance)
    await enqueue(tx, ownerPush, quoteAcceptedPush(customer, accepted.acceptance), {
      leadId,
      key: 'quote-accepted-push',
      dueAt: now,
    })
}

/** 09:00 Pacific the day before the job, or null when that has passed: a job less than a day away gets none. */
export function reminderTime(day: string, at: Date): Date | null {
  const [year, month, date] = day.split('-').map(Number)
  const reminder = pacificInstant(year!, month!, date! - 1, 9 * 60)
  return reminder.getTime() > at.getTime() ? reminder : null
}

/**
 * "Schedule" / "Reschedule" (a day and window) or "Cancel job" of an accepted quote, at `now`. Each raises the
 * sequence and puts the customer's calendar e-mail due again; the day-before reminder moves with the job and goes
 * with a cancel.
 */
export async function scheduleJob(db: Db, job: JobChange, now: Date): Promise<ScheduleResult> {
  const result = await db.transaction().execute((tx) => scheduleJobIn(tx, job, now))
  if (result === 'scheduled' || result === 'cancelled') deliverSoon()
  return result
}

/** scheduleJob's writes inside the caller's transaction, which has locked the lead's row or lets this lock it. */
export async function scheduleJobIn(tx: Db, job: JobChange, now: Date): Promise<ScheduleResult> {
  const leadId = job.lead
  const { lead, quote } = await lockLead(tx, leadId)
  if (!lead || !quote?.acceptance) return QUOTE_REFUSALS['not-accepted']
  if ('cancel' in job) {
    const cancelled = await tx
      .updateTable('jobs')
      .set((eb) => ({ cancelled_at: databaseNow, sequence: eb('sequence', '+', 1), updated_at: databaseNow }))
      .where('lead_id', '=', leadId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst()
    if (Number(cancelled.numUpdatedRows) === 0) return QUOTE_REFUSALS['no-job']
    await dropQueued(tx, leadId, [jobReminder])
  } else {
    const window = { day: job.day, arrival_start: job.start, arrival_end: job.end }
    await tx
      .insertInto('jobs')
      .values({ lead_id: leadId, uid: `${randomUUID()}@${emailDomain(site.email)}`, ...window })
      .onConflict((conflict) =>
        conflict.column('lead_id').doUpdateSet((eb) => ({
          ...window,
          sequence: eb('jobs.sequence', '+', 1),
          cancelled_at: null,
          updated_at: databaseNow,
        })),
      )
      .execute()
    const dueAt = reminderTime(job.day, now)
    if (dueAt)
      await enqueue(tx, jobReminder, { day: job.day }, { leadId, key: 'job-reminder', dueAt, onExisting: 'replace' })
    else await dropQueued(tx, leadId, [jobReminder])
  }
  const booked = (await quoteOf(tx, leadId))!.job!
  await queueCustomerMail(tx, lead, 'job-scheduled', jobMail(lead, booked, now), now)
  return 'cancel' in job ? 'cancelled' : 'scheduled'
}
