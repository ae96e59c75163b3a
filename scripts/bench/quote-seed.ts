// A data folder holding one lead with a sent quote (two items and an optional one), for benches of the
// customer's quote page, or its invoice sent once accepted and done, for the pay page. Each made as the contact
// form, the owner's "Send quote", the customer's "Accept", "Job done" and "Send invoice" make it.
import * as v from 'valibot'
import { quoteDraftSchema } from '../../app/features/quotes/quote-schema'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import { openDatabase } from '../../app/platform/db/database.server'
import { leadSettingsOf, storeLead } from '../../app/features/leads/store-lead.server'
import { markJobDone, sendInvoice } from '../../app/features/payments/invoice-writes.server'
import { quoteOf } from '../../app/features/quotes/quote-reads.server'
import { answerQuote, sendQuote } from '../../app/features/quotes/quotes.server'

/** The quote's path, `/quote/<token>`; with `pay`, the invoice's path, `/pay/<token>`. */
export async function seedQuote(dataDir: string, pay = false): Promise<string> {
  const config = parseRuntimeConfig({ DATA_DIR: dataDir })
  const db = await openDatabase({ dataDir })
  const now = new Date()
  try {
    const lead = {
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0101',
      street: '12 Oak St',
      zip: '95630',
      idempotencyKey: pay ? 'bench-pay-page' : 'bench-quote-page',
      spamReason: null,
      sourcePage: '/contact',
      userAgent: null,
      ipHash: null,
    }
    const { id } = await storeLead(db, lead, leadSettingsOf(config, now))
    const items = [
      { description: 'Driveway cleaning', price: '250' },
      { description: 'Walkway and steps', price: '120.50' },
      { description: 'Seal the driveway', price: '400', optional: true },
    ]
    const draft = v.parse(quoteDraftSchema, { lead: id, items, note: 'Thanks for asking us!', validDays: 30 })
    const sent = await sendQuote(db, draft, now)
    if ('message' in sent) throw new Error(`the bench quote was not sent: ${sent.message}`)
    if (!pay) return new URL(sent.link).pathname
    const { token, version, hash } = (await quoteOf(db, id))!
    const acceptance = { version, hash, name: 'Maria Lopez', chosen: [], ipHash: null, userAgent: null, push: false }
    const answer = await answerQuote(db, token, acceptance, now)
    if (answer !== 'accepted') throw new Error(`the bench quote was not accepted: ${answer}`)
    await markJobDone(db, id)
    const invoice = await sendInvoice(db, id, now)
    if ('message' in invoice || !invoice.link)
      throw new Error(`the bench invoice was not sent: ${JSON.stringify(invoice)}`)
    return new URL(invoice.link).pathname
  } finally {
    await db.close()
  }
}
