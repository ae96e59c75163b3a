// Quotes and jobs in the database (docs/decisions/053-quotes-and-jobs.md): the one read of a lead's quote, and
// each write as one transaction that locks the lead's row first, then the quote's (lockLead). One order for every
// writer: two at once wait for each other instead of deadlocking, and the second sees what the first committed.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { sql, type InferResult } from 'kysely'
import * as v from 'valibot'
import { site } from '../../content/site'
import { OWNER_STATUSES, type InboxLead } from '../owner/owner-lead'
import { quoteLink, quoteTotal, type LeadQuote, type QuoteFacts, type QuoteItem } from './quote'
import type { QuoteDraft } from './quote-schema'
import type { Backend } from '../../platform/backend.server'
import { pacificInstant } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import { emailDomain } from '../leads/lead-email.server'
import { dropQueued, enqueue } from '../../platform/outbox/enqueue.server'
import { priceList, quoteTerms, shownPriceOf } from '../prices/price-list.server'

export type SendQuoteResult = { result: 'sent'; link: string; version: number } | { result: 'accepted' | 'no-lead' }
export type ScheduleResult = 'scheduled' | 'cancelled' | 'not-accepted' | 'no-job'
export type AnswerResult = 'sent' | 'accepted' | 'already' | 'stale' | 'unknown-item' | 'gone'
/** The customer's post: "Ask for changes", or "Accept quote" naming the version shown and the options ticked. */
export type Answer = { push: boolean } & (
  | { message: string }
  | { version: number; hash: string; name: string; chosen: string[]; ipHash: string | null; userAgent: string | null }
)

// Items are written only from a parsed draft; read back, they are checked again rather than trusted.
const storedItems = v.array(
  v.object({ id: v.string(), description: v.string(), cents: v.number(), optional: v.boolean() }),
)
const now = sql<Date>`now()`
const isoDay = (day: Date) => day.toISOString().slice(0, 10)

/** A quote with its job and whether it expired (past valid_until, Pacific), as every reader takes it. */
function selectQuotes(db: Db) {
  return db
    .selectFrom('quotes as q')
    .leftJoin('jobs as j', 'j.lead_id', 'q.lead_id')
    .selectAll('q')
    .select(['j.uid', 'j.day', 'j.sequence', 'j.cancelled_at'])
    .select([
      sql<string | null>`to_char(j.arrival_start, 'HH24:MI')`.as('start'),
      sql<string | null>`to_char(j.arrival_end, 'HH24:MI')`.as('end'),
      sql<boolean>`q.valid_until < (now() AT TIME ZONE 'America/Los_Angeles')::date`.as('expired'),
    ])
}

// The table's CHECKs keep the acceptance's columns set together.
function toQuote(row: InferResult<ReturnType<typeof selectQuotes>>[number]): QuoteFacts {
  return {
    token: row.token,
    firstViewedAt: row.first_viewed_at?.toISOString() ?? null,
    withdrawn: row.withdrawn_at !== null,
    version: row.version,
    items: v.parse(storedItems, row.items),
    note: row.note,
    terms: row.terms,
    validUntil: isoDay(row.valid_until),
    sentAt: row.sent_at.toISOString(),
    hash: row.hash,
    expired: row.expired,
    acceptance: row.accepted_at && {
      name: row.accepted_name!,
      at: row.accepted_at.toISOString(),
      items: v.parse(storedItems, row.accepted_items),
      totalCents: row.accepted_total_cents!,
    },
    change: row.change_message ? { message: row.change_message, at: row.change_asked_at!.toISOString() } : null,
    job: row.uid
      ? {
          uid: row.uid,
          day: isoDay(row.day!),
          start: row.start!,
          end: row.end!,
          sequence: row.sequence!,
          cancelled: row.cancelled_at !== null,
        }
      : null,
  }
}

/** Each lead's quote, one read for the whole list. */
export async function quotesOf(db: Db, leadIds: string[]): Promise<Map<string, QuoteFacts>> {
  if (leadIds.length === 0) return new Map()
  const rows = await selectQuotes(db).where('q.lead_id', 'in', leadIds).execute()
  return new Map(rows.map((row) => [row.lead_id, toQuote(row)]))
}

/** What the outbox's quote e-mails and pushes are built from; null once the quote is gone. */
export const quoteOf = async (db: Db, leadId: string) => (await quotesOf(db, [leadId])).get(leadId) ?? null

/** The page's quote and the customer's first name, by the link's token. */
export async function quoteOfToken(db: Db, token: string) {
  const row = await selectQuotes(db)
    .innerJoin('leads as l', 'l.id', 'q.lead_id')
    .select('l.first_name')
    .where('q.token', '=', token)
    .executeTakeFirst()
  return row ? { firstName: row.first_name, quote: toQuote(row) } : null
}

/** The inbox's cards get their quote's state; the texts only the editor and the customer see stay here. */
export async function withQuotes(db: Db, leads: InboxLead[]): Promise<InboxLead[]> {
  const ids = leads.map((lead) => lead.id)
  const quotes = await quotesOf(db, ids)
  return leads.map((lead) => {
    const found = quotes.get(lead.id)
    if (!found) return lead
    const { terms: _terms, note: _note, hash: _hash, ...quote } = found
    return { ...lead, quote: quote satisfies LeadQuote }
  })
}

/** Locks the lead's row, then its quote's (see the header): the lead's status and the quote as it now stands. */
async function lockLead(tx: Db, leadId: string) {
  const lead = await tx.selectFrom('leads').select('status').where('id', '=', leadId).forUpdate().executeTakeFirst()
  const row = lead && (await selectQuotes(tx).where('q.lead_id', '=', leadId).forUpdate('q').executeTakeFirst())
  return { status: lead?.status, quote: row ? toQuote(row) : null }
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
 * quoted (its status trigger queues the reminders, once) and the customer's e-mail is put due again.
 */
export async function sendQuote(backend: Backend, draft: QuoteDraft): Promise<SendQuoteResult> {
  const db = await backend.db()
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
    const { status, quote } = await lockLead(tx, draft.lead)
    if (!status || status === 'suspected_spam' || status === 'archived') return { result: 'no-lead' } as const
    if (quote?.acceptance) return { result: 'accepted' } as const
    const token = quote?.token ?? randomBytes(24).toString('base64url')
    const version = (quote?.version ?? 0) + 1
    const { items, note, terms } = content
    const validUntil = await pacificDaysLater(tx, draft.validDays)
    const fields = { version, items: JSON.stringify(items), note, terms, valid_until: validUntil }
    const sentNow = { ...fields, hash: versionHash({ ...content, validUntil }), sent_at: now, withdrawn_at: null }
    await tx
      .insertInto('quotes')
      .values({ lead_id: draft.lead, token, ...sentNow })
      .onConflict((conflict) => conflict.column('lead_id').doUpdateSet(sentNow))
      .execute()
    if (status !== 'quoted')
      await tx.updateTable('leads').set({ status: 'quoted' }).where('id', '=', draft.lead).execute()
    await enqueue(tx, 'quote_sent', {
      leadId: draft.lead,
      payload: { version },
      dueAt: backend.now(),
      onExisting: 'replace',
    })
    return { result: 'sent', token, version } as const
  })
  if (sent.result !== 'sent') return sent
  backend.deliverSoon()
  return { result: 'sent', link: quoteLink(sent.token), version: sent.version }
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
    await tx.updateTable('quotes').set({ withdrawn_at: now }).where('lead_id', '=', leadId).execute()
    return true
  })
}

/**
 * The customer's answer on the quote page, for a link that still opens (else gone; accepted before: already).
 * A message is kept and puts the owner's push due again. An acceptance's total is summed here from the stored
 * version the page showed (a newer one: stale), never taken from the request; in the same transaction the lead
 * is won with that job value (the status trigger ends the quote reminders) and the e-mail and push are queued.
 */
export async function answerQuote(backend: Backend, token: string, answer: Answer): Promise<AnswerResult> {
  const dueAt = backend.now()
  return (await backend.db()).transaction().execute(async (tx) => {
    const found = await tx.selectFrom('quotes').select('lead_id').where('token', '=', token).executeTakeFirst()
    if (!found) return 'gone'
    const leadId = found.lead_id
    const { quote } = await lockLead(tx, leadId)
    if (!quote) return 'gone'
    if (quote.acceptance) return 'already'
    if (quote.withdrawn || quote.expired) return 'gone'
    if ('message' in answer) {
      await tx
        .updateTable('quotes')
        .set({ change_message: answer.message, change_asked_at: now })
        .where('lead_id', '=', leadId)
        .execute()
      if (answer.push) await enqueue(tx, 'quote_changes_push', { leadId, dueAt, onExisting: 'replace' })
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
        accepted_at: now,
        accepted_name: answer.name,
        accepted_items: JSON.stringify(items.filter((item) => !item.optional || chosen.has(item.id))),
        accepted_total_cents: total,
        accepted_ip_hash: answer.ipHash,
        accepted_user_agent: answer.userAgent?.slice(0, 512) || null,
      })
      .where('lead_id', '=', leadId)
      .execute()
    await tx.updateTable('leads').set({ status: 'won', job_value_cents: total }).where('id', '=', leadId).execute()
    await enqueue(tx, 'quote_accepted', { leadId, dueAt })
    if (answer.push) await enqueue(tx, 'quote_accepted_push', { leadId, dueAt })
    return 'accepted'
  })
}

/** 09:00 Pacific the day before the job, or null when that has passed: a job less than a day away gets none. */
export function reminderTime(day: string, at: Date): Date | null {
  const [year, month, date] = day.split('-').map(Number)
  const reminder = pacificInstant(year!, month!, date! - 1, 9 * 60)
  return reminder.getTime() > at.getTime() ? reminder : null
}

/**
 * "Schedule" / "Reschedule" (a day and window) or "Cancel job" of an accepted quote. Each raises the sequence and
 * puts the customer's calendar e-mail due again; the day-before reminder moves with the job and goes with a cancel.
 */
export async function scheduleJob(
  backend: Backend,
  job: { lead: string } & ({ day: string; start: string; end: string } | { cancel: true }),
): Promise<ScheduleResult> {
  const db = await backend.db()
  const leadId = job.lead
  const result = await db.transaction().execute(async (tx): Promise<ScheduleResult> => {
    if (!(await lockLead(tx, leadId)).quote?.acceptance) return 'not-accepted'
    let changed: { sequence: number } | undefined
    if ('cancel' in job) {
      changed = await tx
        .updateTable('jobs')
        .set((eb) => ({ cancelled_at: now, sequence: eb('sequence', '+', 1), updated_at: now }))
        .where('lead_id', '=', leadId)
        .where('cancelled_at', 'is', null)
        .returning('sequence')
        .executeTakeFirst()
      if (!changed) return 'no-job'
      await dropQueued(tx, leadId, ['job_reminder'])
    } else {
      const window = { day: job.day, arrival_start: job.start, arrival_end: job.end }
      changed = await tx
        .insertInto('jobs')
        .values({ lead_id: leadId, uid: `${randomUUID()}@${emailDomain(site.email)}`, ...window })
        .onConflict((conflict) =>
          conflict.column('lead_id').doUpdateSet((eb) => ({
            ...window,
            sequence: eb('jobs.sequence', '+', 1),
            cancelled_at: null,
            updated_at: now,
          })),
        )
        .returning('sequence')
        .executeTakeFirstOrThrow()
      const dueAt = reminderTime(job.day, backend.now())
      if (dueAt) await enqueue(tx, 'job_reminder', { leadId, payload: { day: job.day }, dueAt, onExisting: 'replace' })
      else await dropQueued(tx, leadId, ['job_reminder'])
    }
    await enqueue(tx, 'job_scheduled', {
      leadId,
      payload: { sequence: changed.sequence },
      dueAt: backend.now(),
      onExisting: 'replace',
    })
    return 'cancel' in job ? 'cancelled' : 'scheduled'
  })
  if (result === 'scheduled' || result === 'cancelled') backend.deliverSoon()
  return result
}
