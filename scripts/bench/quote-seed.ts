// A data folder (or database) holding a lead with a sent quote (two items and an optional one) waiting for its
// answer, and another whose accepted quote was done and invoiced: for benches of the customer's quote and pay pages.
// Each made as the contact form, the owner's "Send quote", the customer's "Accept", "Job done" and "Send invoice" make it.
import * as v from 'valibot'
import { quoteDraftSchema } from '../../app/features/quotes/quote-schema'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import { openDatabase } from '../../app/platform/db/database.server'
import { leadSettingsOf, storeLead } from '../../app/features/leads/store-lead.server'
import { markJobDone, sendInvoice } from '../../app/features/payments/invoice-writes.server'
import { quoteOf } from '../../app/features/quotes/quote-reads.server'
import { answerQuote, sendQuote } from '../../app/features/quotes/quotes.server'

/** The waiting quote's path, `/quote/<token>`, and the invoice's, `/pay/<token>`. */
export async function seedQuoteAndInvoice(dataDir: string, databaseUrl?: string) {
  const config = parseRuntimeConfig({ DATA_DIR: dataDir })
  const db = await openDatabase({ dataDir, databaseUrl })
  const now = new Date()
  const quoted = async (idempotencyKey: string) => {
    const lead = {
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0101',
      street: '12 Oak St',
      zip: '95630',
      idempotencyKey,
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
    return { id, quotePath: new URL(sent.link).pathname }
  }
  try {
    const { quotePath } = await quoted('bench-quote-page')
    const { id } = await quoted('bench-pay-page')
    const { token, version, hash } = (await quoteOf(db, id))!
    const acceptance = { version, hash, name: 'Maria Lopez', chosen: [], ipHash: null, userAgent: null, push: false }
    const answer = await answerQuote(db, token, acceptance, now)
    if (answer !== 'accepted') throw new Error(`the bench quote was not accepted: ${answer}`)
    await markJobDone(db, id)
    const invoice = await sendInvoice(db, id, now)
    if ('message' in invoice || !invoice.link)
      throw new Error(`the bench invoice was not sent: ${JSON.stringify(invoice)}`)
    return { quotePath, payPath: new URL(invoice.link).pathname }
  } finally {
    await db.close()
  }
}
