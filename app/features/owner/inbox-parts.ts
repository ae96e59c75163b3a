// What the other features add to the inbox, in the order the owner sees it (docs/decisions/066-features-plug-into-
// the-inbox.md): a new feature adds its tab and card parts here, and nothing else of the inbox changes.
import type { LeadCardPart, PricesViewPart, SourcesPart } from '~/components/owner/inbox-parts'
import {
  COME_BACK_CARD_PART,
  COME_BACK_SOURCES_PART,
  DUE_AGAIN_TAB,
  DUE_INTERVALS_PRICES_PART,
} from '../come-back/owner-view'
import { INVOICE_CARD_PART, MONEY_TAB } from '../payments/owner-view'
import { PRICES_TAB } from '../prices/owner-view'
import { QUOTE_CARD_PART } from '../quotes/owner-view'
import { DAY_REQUEST_CARD_PART, TODAY_TAB, TRUCK_DAYS_TAB } from '../schedule/owner-view'
import { WORK_CARD_PART, WORK_TAB } from '../work/owner-view'
import type { LeadSources } from './inbox.server'
import type { InboxLead } from './owner-lead'

/** After the inbox's own Leads and Sources. */
export const INBOX_TABS = [WORK_TAB, PRICES_TAB, MONEY_TAB, TODAY_TAB, TRUCK_DAYS_TAB, DUE_AGAIN_TAB]

/** Above the owner's status and note, then below them. */
export const CARD_PARTS_ABOVE: LeadCardPart<InboxLead>[] = [QUOTE_CARD_PART, DAY_REQUEST_CARD_PART, INVOICE_CARD_PART]
export const CARD_PARTS_BELOW: LeadCardPart<InboxLead>[] = [WORK_CARD_PART, COME_BACK_CARD_PART]

/** After the owner's own tables; what each counts is read in inbox-parts.server.ts. */
export const SOURCES_PARTS: SourcesPart<LeadSources>[] = [COME_BACK_SOURCES_PART]

/** Under the price list (the calendar feed, loaded with the view, comes first). */
export const PRICES_VIEW_PARTS: PricesViewPart[] = [DUE_INTERVALS_PRICES_PART]
