// A lead quoted and accepted as the owner's and the customer's own calls do it, for the quote and job tests.
import * as v from 'valibot'
import { expect } from 'vitest'
import type { StoredLeadInput } from '../../app/features/leads/store-lead.server'
import { quoteOf } from '../../app/features/quotes/quote-reads.server'
import { answerQuote, sendQuote } from '../../app/features/quotes/quotes.server'
import { quoteDraftSchema, type QuoteDraftInput } from '../../app/features/quotes/quote-schema'
import type { TestSite } from '../support/test-site'
import { storeTestLead } from './helpers'

export const ITEMS: QuoteDraftInput['items'] = [
  { description: 'Driveway cleaning', price: '250' },
  { description: 'Walkway and steps', price: '120.50' },
  { description: 'Seal the driveway', price: '400', optional: true },
]

/** The owner's "Send quote" of `draft` (ITEMS, for 30 days, unless it says): a new version once one was sent. */
export const sendVersion = (site: Pick<TestSite, 'db' | 'now'>, draft: Partial<QuoteDraftInput> & { lead: string }) =>
  sendQuote(site.db, v.parse(quoteDraftSchema, { items: ITEMS, validDays: 30, ...draft }), site.now())

/** A lead from Folsom (12 Oak St, 95630 unless `lead` says), quoted with `items` for 30 days: its id, link and token. */
export async function quotedLead(
  site: TestSite,
  items = ITEMS,
  firstName = 'Maria',
  lead: Partial<StoredLeadInput> = {},
) {
  const id = await storeTestLead(site, firstName, { zip: '95630', street: '12 Oak St', ...lead })
  const sent = await sendVersion(site, { lead: id, items, note: 'Thanks!' })
  if ('message' in sent) throw new Error(sent.message)
  return { id, token: sent.link.split('/quote/')[1]!, link: sent.link }
}

/** The customer's acceptance of the newest version, through answerQuote as the page's post calls it. */
export async function acceptQuote(site: Pick<TestSite, 'db' | 'now'>, lead: string, chosen: string[] = []) {
  const { token, version, hash } = (await quoteOf(site.db, lead))!
  const acceptance = { version, hash, name: 'Maria Lopez', chosen, ipHash: null, userAgent: null, push: false }
  return answerQuote(site.db, token, acceptance, site.now())
}

/** A lead quoted as `quotedLead` quotes it, and accepted with the `chosen` options: its id and token. */
export async function acceptedLead(
  site: TestSite,
  firstName = 'Maria',
  lead: Partial<StoredLeadInput> = {},
  chosen: string[] = [],
) {
  const { id, token } = await quotedLead(site, undefined, firstName, lead)
  expect(await acceptQuote(site, id, chosen)).toBe('accepted')
  return { id, token }
}
