// What the owner page shows of this feature: the Due again tab, a card's part of coming back, and the intervals in
// the Prices view, loaded with import() when that view opens.
import { linkOptions } from '@tanstack/react-router'
import { lazy } from 'react'
import type { LeadCardPart, SourcesPart } from '~/components/owner/inbox-parts'
import { ComeBackSources } from './come-back-sources'
import { ComeBackCard, type ComeBackLead } from './come-back-card'
import { COME_BACK_TEXTS } from './due-again'

/** Under the Prices view: the months after which each service is due again. */
export const DUE_INTERVALS_PRICES_PART = lazy(() => import('./due-again-intervals'))

export const DUE_AGAIN_TAB = { label: COME_BACK_TEXTS.tab, link: linkOptions({ to: '/owner/due-again' }) }

/** A won job's review request and "Same as last time" on a lead booked from a reminder. */
export const COME_BACK_CARD_PART: LeadCardPart<ComeBackLead> = {
  when: (lead) => lead.status === 'won' || lead.channel === 'due_again',
  Part: ComeBackCard,
}

/** Reminders sent, days booked and review requests, counted by the server part named `comeBack`. */
export const COME_BACK_SOURCES_PART: SourcesPart<Parameters<typeof ComeBackSources>[0]['sources']> = ComeBackSources
