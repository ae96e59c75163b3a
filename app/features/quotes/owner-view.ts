// What the owner page shows of this feature, each loaded with import() when opened: the inbox's first load
// carries none of it. Other features reach these views only through this file (issue 78).
import { lazy } from 'react'
import type { LeadCardPart } from '~/components/owner/inbox-parts'
import { OwnerLeadQuote, type QuotedLead } from './owner-lead-quote'

export const OwnerQuoteEditor = lazy(() => import('./owner-quote-editor'))
export const OwnerCalendarFeed = lazy(() => import('./owner-calendar-feed'))

/** The lead's quote, first on every card. */
export const QUOTE_CARD_PART: LeadCardPart<QuotedLead> = { Part: OwnerLeadQuote }
