// What the owner page shows of this feature, each loaded with import() when opened: the inbox's first load
// carries none of it. Other features reach these views only through this file (issue 78).
import { linkOptions } from '@tanstack/react-router'
import { lazy } from 'react'
import type { LeadCardPart } from '~/components/owner/inbox-parts'
import { OWNER_INVOICE_TEXTS } from './invoice'
import type { LeadQuote } from '../quotes'
import type { InvoicedLead } from './invoice-write'

export const OwnerMoney = lazy(() => import('./owner-money'))

export const MONEY_TAB = {
  label: OWNER_INVOICE_TEXTS.moneyTab,
  link: linkOptions({ to: '/owner', search: { view: 'money' }, activeOptions: { exact: true } }),
}

/** "Job done" and the invoice, on a card whose quote was accepted (decision 055). */
export const INVOICE_CARD_PART: LeadCardPart<InvoicedLead & { quote?: Pick<LeadQuote, 'acceptance'> }> = {
  when: (lead) => Boolean(lead.quote?.acceptance),
  Part: lazy(() => import('./owner-lead-invoice')),
}
