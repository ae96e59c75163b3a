// The owner's Prices view (docs/decisions/053-quotes-and-jobs.md): a line per service for "Add from price list" and
// the typical prices visitors see (057-price-ranges.md), and the terms every new quote carries. The caller has
// checked the owner's session, except for the typical prices, which are public.
import { sql } from 'kysely'
import { defaultQuoteTerms } from '../../content/quote-terms'
import { serviceList } from '../../content/service-list'
import type { ServiceId } from '../../content/types'
import type { PriceList } from './price-list-schema'
import { DEFAULT_PRICE_RULE, rangeFor, type ShownPrice, type SizeRange, type TypicalPrice } from './typical-price'
import type { Db } from '../../platform/db/database.server'
import { readSetting, writeSetting } from '../../platform/db/settings.server'
import type { Tables } from '../../platform/db/schema.gen'
import { dropStoredPages } from '../../platform/http/html-cache.server'

const now = sql<Date>`now()`

/** Every service of app/content/, with the owner's line where he saved one. */
export async function priceList(db: Db) {
  const rows = await db
    .selectFrom('price_list')
    .select(['service_id', 'description', 'starting_cents', 'minimum_cents', 'size_ranges'])
    .execute()
  const saved = new Map<string, (typeof rows)[number]>(rows.map((row) => [row.service_id, row]))
  return serviceList.map(({ id, title }) => ({
    serviceId: id,
    description: saved.get(id)?.description ?? title,
    startingCents: saved.get(id)?.starting_cents ?? null,
    minimumCents: saved.get(id)?.minimum_cents ?? null,
    // Written only by savePriceSettings, from priceListSchema's output.
    ranges: (saved.get(id)?.size_ranges ?? []) as SizeRange[],
  }))
}

/** The terms a quote sent now freezes. */
export const quoteTerms = async (db: Db) => (await readSetting(db, 'quote_terms')) || defaultQuoteTerms

/** The line under every typical price: the owner's, else the default. */
const priceRule = async (db: Db) => (await readSetting(db, 'price_rule')) || DEFAULT_PRICE_RULE

/** Each priced service's typical prices as visitors see them; a service without a range is absent. */
export async function typicalPrices(db: Db): Promise<Partial<Record<ServiceId, TypicalPrice>>> {
  const [lines, rule] = await Promise.all([priceList(db), priceRule(db)])
  const priced = lines.filter((line) => line.ranges.length > 0)
  return Object.fromEntries(
    priced.map(({ serviceId, minimumCents, ranges }) => [serviceId, { minimumCents, ranges, rule }]),
  )
}

export const typicalPrice = async (db: Db, serviceId: ServiceId) => (await typicalPrices(db))[serviceId] ?? null

type ShownColumns = 'price_size' | 'price_low_cents' | 'price_high_cents' | 'price_minimum_cents'

/** The range a stored lead was shown, null when none. */
export function shownPriceOf(row: Pick<Tables['leads'], ShownColumns>): ShownPrice | null {
  if (row.price_low_cents === null || row.price_high_cents === null) return null
  const { price_size: size, price_low_cents: lowCents, price_high_cents: highCents } = row
  return { size: size ?? '', lowCents, highCents, minimumCents: row.price_minimum_cents }
}

/** What a lead keeps of the price its visitor chose: read from the stored list, never taken from the browser. */
export async function shownPrice(db: Db, serviceId: ServiceId | null, size: string): Promise<ShownPrice | null> {
  const price = serviceId ? await typicalPrice(db, serviceId) : null
  const range = rangeFor(price, size)
  return range && price ? { ...range, minimumCents: price.minimumCents } : null
}

/** What the Prices view shows: a default stands where the owner saved none. */
export async function priceSettings(db: Db) {
  const [prices, terms, rule] = await Promise.all([priceList(db), quoteTerms(db), priceRule(db)])
  return { prices, terms, rule }
}

/** Saves the lines given, the terms and the rule; a default stands when the owner's equals it or is empty. */
export async function savePriceSettings(db: Db, input: PriceList): Promise<void> {
  const lines = input.items.map((line) => ({
    service_id: line.serviceId,
    description: line.description,
    starting_cents: line.price,
    minimum_cents: line.minimum,
    size_ranges: JSON.stringify(line.ranges),
  }))
  const settings = {
    quote_terms: input.terms === defaultQuoteTerms ? '' : input.terms,
    price_rule: input.rule === DEFAULT_PRICE_RULE ? '' : input.rule,
  }
  await db.transaction().execute(async (tx) => {
    if (lines.length > 0)
      await tx
        .insertInto('price_list')
        .values(lines)
        .onConflict((conflict) =>
          conflict.column('service_id').doUpdateSet((eb) => ({
            description: eb.ref('excluded.description'),
            starting_cents: eb.ref('excluded.starting_cents'),
            minimum_cents: eb.ref('excluded.minimum_cents'),
            size_ranges: eb.ref('excluded.size_ranges'),
            updated_at: now,
          })),
        )
        .execute()
    for (const [key, value] of Object.entries(settings)) await writeSetting(tx, key as keyof typeof settings, value)
  })
  // The service tabs show the ranges: their stored copies go.
  dropStoredPages()
}
