// The owner's side of quotes and jobs (docs/decisions/053-quotes-and-jobs.md): the editor's data, a version sent,
// a withdrawal, a job scheduled or cancelled, each lead's quote for the inbox, the price list and the calendar
// feed's secret. The caller has checked the owner's session; writes that span rows are the migration's functions.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { defaultQuoteTerms } from '../../content/quote-terms'
import { serviceList } from '../../content/service-list'
import { site } from '../../content/site'
import type { ServiceId } from '../../content/types'
import type { InboxLead } from '../../lib/owner/owner-lead'
import {
  quoteLink,
  type LeadQuote,
  type PriceLine,
  type PriceSettings,
  type QuoteEditorData,
  type QuoteFacts,
  type QuoteItem,
} from '../../lib/quotes/quote'
import type { PriceList, QuoteDraft } from '../../lib/quotes/quote-schema'
import type { Backend } from '../backend/backend.server'
import { pacificClock, pacificDate, pacificInstant } from '../backend/business-hours.server'
import type { Queryable } from '../db/database.server'
import { emailDomain } from '../leads/lead-email.server'

export type SendQuoteResult = { result: 'sent'; link: string; version: number } | { result: 'accepted' | 'no-lead' }
export type ScheduleResult = 'scheduled' | 'cancelled' | 'not-accepted' | 'no-job'

/** Each lead's quote facts (public.quote_facts), one read for the whole list. */
export async function quoteFactsOf(db: Queryable, leadIds: string[]): Promise<Map<string, QuoteFacts>> {
  const { rows } = await db.query<{ lead: string; facts: QuoteFacts | null }>(
    'SELECT id::text AS lead, public.quote_facts(id) AS facts FROM unnest($1::uuid[]) AS id',
    [leadIds],
  )
  return new Map(rows.filter((row) => row.facts).map((row) => [row.lead, row.facts!]))
}

/** The inbox's cards get their quote's state; the texts only the editor and the customer see stay here. */
export async function withQuotes(db: Queryable, leads: InboxLead[]): Promise<InboxLead[]> {
  if (leads.length === 0) return leads
  const ids = leads.map((lead) => lead.id)
  const facts = await quoteFactsOf(db, ids)
  return leads.map((lead) => {
    const found = facts.get(lead.id)
    if (!found) return lead
    const { terms: _terms, note: _note, hash: _hash, ...quote } = found
    return { ...lead, quote: quote satisfies LeadQuote }
  })
}

/** Every service of app/content/, with the owner's line where he saved one. */
export async function priceList(db: Queryable): Promise<PriceLine[]> {
  const { rows } = await db.query<{ service_id: ServiceId; description: string; starting_cents: number | null }>(
    'SELECT service_id, description, starting_cents FROM price_list',
  )
  const saved = new Map(rows.map((row) => [row.service_id, row]))
  return serviceList.map(({ id, title }) => ({
    serviceId: id,
    description: saved.get(id)?.description ?? title,
    startingCents: saved.get(id)?.starting_cents ?? null,
  }))
}

async function ownTerms(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'quote_terms'`)
  return rows[0]?.value ?? ''
}

/** Null: no such lead. */
export async function quoteEditor(db: Queryable, leadId: string): Promise<QuoteEditorData | null> {
  const { rows } = await db.query<{ id: string; first_name: string; phone: string; status: string }>(
    `SELECT id, first_name, phone, status FROM leads WHERE id = $1 AND status IN ('new', 'contacted', 'quoted', 'won', 'lost')`,
    [leadId],
  )
  const lead = rows[0]
  if (!lead) return null
  const [prices, facts] = await Promise.all([priceList(db), quoteFactsOf(db, [leadId])])
  return {
    lead: { id: lead.id, firstName: lead.first_name, phone: lead.phone, status: lead.status },
    prices,
    quote: facts.get(leadId) ?? null,
  }
}

/** The SHA-256 of what the customer accepts, in one fixed order: an acceptance names exactly this. */
export function versionHash(content: { items: QuoteItem[]; note: string | null; terms: string; validUntil: string }) {
  const items = content.items.map(({ id, description, cents, optional }) => ({ id, description, cents, optional }))
  const canonical = JSON.stringify({ items, note: content.note, terms: content.terms, validUntil: content.validUntil })
  return createHash('sha256').update(canonical).digest('hex')
}

/** "Send quote": a new frozen version with today's terms, valid `validDays` Pacific days after today. */
export async function sendQuote(backend: Backend, draft: QuoteDraft): Promise<SendQuoteResult> {
  const db = await backend.db()
  const today = pacificClock(backend.now())
  const content = {
    items: draft.items.map(({ description, price, optional }, i) => ({
      id: `i${i + 1}`,
      description,
      cents: price,
      optional,
    })),
    note: draft.note || null,
    terms: (await ownTerms(db)) || defaultQuoteTerms,
    validUntil: pacificDate(pacificInstant(today.year, today.month, today.day + draft.validDays, 12 * 60)),
  }
  const token = randomBytes(24).toString('base64url')
  const request = { lead: draft.lead, token, hash: versionHash(content), ...content }
  const { rows } = await db.query<{ result: 'sent' | 'accepted' | 'no-lead'; token: string; version: number }>(
    'SELECT * FROM public.send_quote($1)',
    [JSON.stringify(request)],
  )
  const row = rows[0]!
  if (row.result !== 'sent') return { result: row.result }
  backend.deliverSoon()
  return { result: 'sent', link: quoteLink(row.token), version: row.version }
}

/** The link stops opening; sending again opens it with the new version. An accepted quote is never withdrawn. */
export async function withdrawQuote(db: Queryable, leadId: string): Promise<boolean> {
  const { affectedRows } = await db.query(
    `UPDATE quotes q SET withdrawn_at = now()
      WHERE q.lead_id = $1 AND q.withdrawn_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM quote_acceptances a WHERE a.quote_id = q.id)`,
    [leadId],
  )
  return affectedRows === 1
}

/** 09:00 Pacific the day before the job, or null when that has passed: a job less than a day away gets none. */
export function reminderTime(day: string, now: Date): Date | null {
  const [year, month, date] = day.split('-').map(Number)
  const at = pacificInstant(year!, month!, date! - 1, 9 * 60)
  return at.getTime() > now.getTime() ? at : null
}

/** "Schedule" / "Reschedule" (a day and window) or "Cancel job" of an accepted quote. */
export async function scheduleJob(
  backend: Backend,
  job: { lead: string } & ({ day: string; start: string; end: string } | { cancel: true }),
): Promise<ScheduleResult> {
  const db = await backend.db()
  const reminderAt = 'day' in job ? reminderTime(job.day, backend.now()) : null
  const { rows } = await db.query<{ result: ScheduleResult }>('SELECT * FROM public.schedule_job($1)', [
    JSON.stringify({ ...job, uid: `${randomUUID()}@${emailDomain(site.email)}`, reminderAt }),
  ])
  const result = rows[0]!.result
  if (result === 'scheduled' || result === 'cancelled') backend.deliverSoon()
  return result
}

/** The feed's secret, made on first ask; `renew` replaces it, so the old address answers 404 at once. */
export async function calendarFeedSecret(db: Queryable, renew = false): Promise<string> {
  const fresh = randomBytes(24).toString('base64url')
  const { rows } = await db.query<{ value: string }>(
    renew
      ? `INSERT INTO app_settings (key, value) VALUES ('calendar_feed_secret', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now() RETURNING value`
      : `WITH made AS (INSERT INTO app_settings (key, value) VALUES ('calendar_feed_secret', $1)
                       ON CONFLICT (key) DO NOTHING RETURNING value)
         SELECT value FROM made UNION ALL SELECT value FROM app_settings WHERE key = 'calendar_feed_secret'`,
    [fresh],
  )
  return rows[0]!.value
}

export const calendarFeedUrl = (secret: string) => `${site.baseUrl}/calendar/${secret}.ics`

export async function priceSettings(db: Queryable): Promise<PriceSettings> {
  const [prices, terms, secret] = await Promise.all([priceList(db), ownTerms(db), calendarFeedSecret(db)])
  return { prices, terms, defaultTerms: defaultQuoteTerms, feedUrl: calendarFeedUrl(secret) }
}

/** Saves the lines given and the terms; the default terms stand when the owner's equal them or are empty. */
export async function savePriceSettings(db: Queryable, input: PriceList): Promise<void> {
  const items = input.items.map((line) => ({
    service_id: line.serviceId,
    description: line.description,
    starting_cents: line.price,
  }))
  const terms = input.terms === defaultQuoteTerms ? '' : input.terms
  await db.query('SELECT public.save_price_list($1)', [JSON.stringify({ items, terms })])
}
