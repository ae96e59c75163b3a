// What the owner page shows of this feature: its two views' tabs, and a card's day request, loaded with import()
// when a card needs it (as payments' owner-view).
import { linkOptions } from '@tanstack/react-router'
import { lazy } from 'react'
import type { LeadCardPart } from '~/components/owner/inbox-parts'
import type { LeadQuote } from '../quotes'
import { OWNER_DAY_TEXTS } from './schedule'

export const TODAY_TAB = { label: OWNER_DAY_TEXTS.todayTab, link: linkOptions({ to: '/owner/today' }) }
export const TRUCK_DAYS_TAB = { label: OWNER_DAY_TEXTS.truckDaysTab, link: linkOptions({ to: '/owner/truck-days' }) }

/** The day the customer asked for, on a card whose quote was accepted. */
export const DAY_REQUEST_CARD_PART: LeadCardPart<{ id: string; quote?: Pick<LeadQuote, 'job' | 'acceptance'> }> = {
  when: (lead) => Boolean(lead.quote?.acceptance),
  Part: lazy(() => import('./owner-day-request')),
}
