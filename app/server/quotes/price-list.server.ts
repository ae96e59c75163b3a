// The owner's Prices view (docs/decisions/053-quotes-and-jobs.md): a line per service for "Add from price list",
// the terms every new quote carries, and the calendar feed's address. The caller has checked the owner's session.
import { sql } from 'kysely'
import { defaultQuoteTerms } from '../../content/quote-terms'
import { serviceList } from '../../content/service-list'
import type { PriceList } from '../../lib/quotes/quote-schema'
import type { Db } from '../db/database.server'
import { calendarFeedSecret, calendarFeedUrl } from './calendar.server'

const now = sql<Date>`now()`

/** Every service of app/content/, with the owner's line where he saved one. */
export async function priceList(db: Db) {
  const rows = await db.selectFrom('price_list').select(['service_id', 'description', 'starting_cents']).execute()
  const saved = new Map<string, (typeof rows)[number]>(rows.map((row) => [row.service_id, row]))
  return serviceList.map(({ id, title }) => ({
    serviceId: id,
    description: saved.get(id)?.description ?? title,
    startingCents: saved.get(id)?.starting_cents ?? null,
  }))
}

/** The owner's own terms, '' while the default of app/content/quote-terms.ts stands. */
async function ownTerms(db: Db): Promise<string> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'quote_terms').executeTakeFirst()
  return row?.value ?? ''
}

/** The terms a quote sent now freezes. */
export const quoteTerms = async (db: Db) => (await ownTerms(db)) || defaultQuoteTerms

export async function priceSettings(db: Db) {
  const [prices, terms, secret] = await Promise.all([priceList(db), ownTerms(db), calendarFeedSecret(db)])
  return { prices, terms, defaultTerms: defaultQuoteTerms, feedUrl: calendarFeedUrl(secret) }
}

/** Saves the lines given and the terms; the default terms stand when the owner's equal them or are empty. */
export function savePriceSettings(db: Db, input: PriceList): Promise<void> {
  const terms = input.terms === defaultQuoteTerms ? '' : input.terms
  const lines = input.items.map((line) => ({
    service_id: line.serviceId,
    description: line.description,
    starting_cents: line.price,
  }))
  return db.transaction().execute(async (tx) => {
    if (lines.length > 0)
      await tx
        .insertInto('price_list')
        .values(lines)
        .onConflict((conflict) =>
          conflict.column('service_id').doUpdateSet((eb) => ({
            description: eb.ref('excluded.description'),
            starting_cents: eb.ref('excluded.starting_cents'),
            updated_at: now,
          })),
        )
        .execute()
    if (!terms) await tx.deleteFrom('app_settings').where('key', '=', 'quote_terms').execute()
    else
      await tx
        .insertInto('app_settings')
        .values({ key: 'quote_terms', value: terms })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: terms, updated_at: now }))
        .execute()
  })
}
