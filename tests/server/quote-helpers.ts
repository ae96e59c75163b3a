// A lead quoted and accepted as the owner's and the customer's own calls do it, for the quote and job tests.
import * as v from 'valibot'
import type { Backend } from '../../app/platform/backend.server'
import { storeLead, type StoredLeadInput } from '../../app/features/leads/store-lead.server'
import { answerQuote, quoteOf, sendQuote } from '../../app/features/quotes/quotes.server'
import { quoteDraftSchema, type QuoteDraftInput } from '../../app/features/quotes/quote-schema'
import { testLead } from './helpers'

export const ITEMS: QuoteDraftInput['items'] = [
  { description: 'Driveway cleaning', price: '250' },
  { description: 'Walkway and steps', price: '120.50' },
  { description: 'Seal the driveway', price: '400', optional: true },
]

/** A lead from Folsom (12 Oak St, 95630 unless `lead` says), quoted with `items`: its id, link and token. */
export async function quotedLead(
  backend: Backend,
  items = ITEMS,
  firstName = 'Maria',
  validDays = 30,
  lead: Partial<StoredLeadInput> = {},
) {
  const { id } = await storeLead(backend, testLead(firstName, { zip: '95630', street: '12 Oak St', ...lead }))
  const draft = v.parse(quoteDraftSchema, { lead: id, items, note: 'Thanks!', validDays })
  const sent = await sendQuote(backend, draft)
  if (sent.result !== 'sent') throw new Error(sent.result)
  return { id, token: sent.link.split('/quote/')[1]!, link: sent.link }
}

/** The customer's acceptance of the newest version, through answerQuote as the page's post calls it. */
export async function acceptQuote(backend: Backend, lead: string, chosen: string[] = []): Promise<string> {
  const db = await backend.db()
  const { token, version, hash } = (await quoteOf(db, lead))!
  const acceptance = { version, hash, name: 'Maria Lopez', chosen, ipHash: null, userAgent: null, push: false }
  return answerQuote(backend, token, acceptance)
}
