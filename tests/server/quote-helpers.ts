// A lead quoted and accepted as the owner's and the customer's own calls do it, for the quote and job tests.
import * as v from 'valibot'
import type { Backend } from '../../app/server/backend/backend.server'
import { storeLead } from '../../app/server/leads/store-lead.server'
import { sendQuote } from '../../app/server/quotes/quotes.server'
import { quoteDraftSchema, type QuoteDraftInput } from '../../app/lib/quotes/quote-schema'
import type { QuoteFacts } from '../../app/lib/quotes/quote'
import { testLead } from './helpers'

export const ITEMS: QuoteDraftInput['items'] = [
  { description: 'Driveway cleaning', price: '250' },
  { description: 'Walkway and steps', price: '120.50' },
  { description: 'Seal the driveway', price: '400', optional: true },
]

/** A lead from Folsom (12 Oak St, 95630), quoted with `items`: its id, and its link and the link's token. */
export async function quotedLead(backend: Backend, items = ITEMS, firstName = 'Maria', validDays = 30) {
  const { id } = await storeLead(backend, testLead(firstName, { zip: '95630', street: '12 Oak St' }))
  const draft = v.parse(quoteDraftSchema, { lead: id, items, note: 'Thanks!', validDays })
  const sent = await sendQuote(backend, draft)
  if (sent.result !== 'sent') throw new Error(sent.result)
  return { id, token: sent.link.split('/quote/')[1]!, link: sent.link }
}

/** The customer's acceptance of the newest version, through answer_quote as the page's post calls it. */
export async function acceptQuote(backend: Backend, lead: string, chosen: string[] = []): Promise<string> {
  const db = await backend.db()
  const facts = (await db.query<{ facts: QuoteFacts }>('SELECT public.quote_facts($1) AS facts', [lead])).rows[0]!.facts
  const request = { token: facts.token, version: facts.version, hash: facts.hash, name: 'Maria Lopez', chosen }
  const { rows } = await db.query<{ result: string }>('SELECT public.answer_quote($1) AS result', [
    JSON.stringify(request),
  ])
  return rows[0]!.result
}
