// A data folder holding one lead with a sent quote (two items and an optional one), for benches of the
// customer's quote page. The lead and the quote are made as the contact form and the owner's "Send quote" make them.
import * as v from 'valibot'
import { quoteDraftSchema } from '../../app/lib/quotes/quote-schema'
import { createBackend } from '../../app/server/backend/backend.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { storeLead } from '../../app/server/leads/store-lead.server'
import { sendQuote } from '../../app/server/quotes/quotes.server'

/** The quote's path, `/quote/<token>`. */
export async function seedQuote(dataDir: string): Promise<string> {
  const backend = createBackend({ config: parseRuntimeConfig({ DATA_DIR: dataDir }), dataDir })
  try {
    const { id } = await storeLead(backend, {
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0101',
      street: '12 Oak St',
      zip: '95630',
      idempotencyKey: 'bench-quote-page',
      spamReason: null,
      sourcePage: '/contact',
      userAgent: null,
      ipHash: null,
    })
    const items = [
      { description: 'Driveway cleaning', price: '250' },
      { description: 'Walkway and steps', price: '120.50' },
      { description: 'Seal the driveway', price: '400', optional: true },
    ]
    const draft = v.parse(quoteDraftSchema, { lead: id, items, note: 'Thanks for asking us!', validDays: 30 })
    const sent = await sendQuote(backend, draft)
    if (sent.result !== 'sent') throw new Error(`the bench quote was not sent: ${sent.result}`)
    return new URL(sent.link).pathname
  } finally {
    await backend.close()
  }
}
