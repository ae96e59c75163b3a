/** A quote as both sides see it (docs/decisions/053-quotes-and-jobs.md): whole cents, Pacific dates. No server code. */
import { site } from '~/content/site'
import type { QuoteFacts } from './quote-reads.server'

export interface QuoteItem {
  /** Unique within its version: i1, i2, … in the order sent. */
  id: string
  description: string
  cents: number
  /** For the customer to add; never in the total unless ticked. */
  optional: boolean
}

// A lead's quote and its parts, as toQuote reads them from the row.
export type { QuoteFacts }
export type QuoteAcceptance = NonNullable<QuoteFacts['acceptance']>
export type QuoteJob = NonNullable<QuoteFacts['job']>

/** The quote on a lead's card: everything but the texts the card does not show. */
export type LeadQuote = Omit<QuoteFacts, 'terms' | 'note' | 'hash'>

/** The total of every required item, plus the ticked optional ones; ids of nothing optional count for nothing. */
export function quoteTotal(items: readonly QuoteItem[], chosen: Iterable<string> = []): number {
  const ticked = new Set(chosen)
  return items.reduce((sum, item) => sum + (!item.optional || ticked.has(item.id) ? item.cents : 0), 0)
}

/** "Monday, November 2, 2026" of a YYYY-MM-DD day, whatever the reader's own time zone. */
export function formatDay(day: string, weekday = true): string {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    ...(weekday ? { weekday: 'long' } : {}),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })
}

/** "8:00 AM" of "08:00". */
export function formatClock(hhmm: string): string {
  const [hour, minute] = hhmm.split(':').map(Number)
  return `${((hour! + 11) % 12) + 1}:${String(minute).padStart(2, '0')} ${hour! < 12 ? 'AM' : 'PM'}`
}

/** "8:00 AM – 10:00 AM" */
export const formatWindow = (start: string, end: string) => `${formatClock(start)} – ${formatClock(end)}`

// A time shown to the owner or the customer: Pacific, as the business works.
const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  dateStyle: 'medium',
  timeStyle: 'short',
})

/** "Nov 2, 2026, 8:15 AM" in Pacific time. */
export const formatPacificTime = (iso: string | Date) => pacificTime.format(new Date(iso))

/** The address a customer opens; SITE_URL is the build's. */
export const quotePath = (token: string) => `/quote/${token}`
export const quoteLink = (token: string) => `${site.baseUrl}${quotePath(token)}`

export const QUOTE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** What the customer's plain form posts: the version it shows, the ids of the ticked options, never an amount. */
export const QUOTE_FORM_FIELDS = {
  version: 'version',
  hash: 'hash',
  option: 'option',
  name: 'name',
  agree: 'agree',
  message: 'message',
  intent: 'intent',
} as const

/** A refused post, answered with the page and what was typed (as the quote form's, decision 046). */
export interface QuotePageRefusal {
  status: number
  retryAfterSeconds?: number
  /** About the whole form: a newer version, an option not on the quote, too many tries. */
  message?: string
  errors: Partial<Record<'name' | 'agree' | 'message', string>>
  values: { name: string; agree: boolean; chosen: string[]; message: string }
}
