// The inbox's views in its address (/owner?view=sources&days=90). The route's search check imports only this:
// it ships in every page's route tree, unlike the inbox's own code (owner-lead.ts).
import * as v from 'valibot'
import { citySlugs } from '~/content/service-areas'
import { galleryCategories } from '~/content/types'
import { UUID_PATTERN } from '~/lib/uuid'

export const SOURCE_PERIODS = [30, 90, 365] as const
export type SourcePeriod = (typeof SOURCE_PERIODS)[number]

// quote: the editor of one lead's quote (lead=<id>); prices: the price list, the terms and the calendar feed;
// money: payments by month, unpaid invoices and the bookkeeper's CSV (decision 055).
export const OWNER_VIEWS = ['sources', 'work', 'quote', 'prices', 'money'] as const

/** A value that does not fit is dropped, not an error: an old or hand-edited link still opens the page. */
const dropped = <S extends v.GenericSchema<unknown, unknown>>(schema: S) => v.fallback(v.optional(schema), undefined)

export const ownerSearchSchema = v.object({
  link: dropped(v.picklist(['sent', 'expired'])),
  view: dropped(v.picklist(OWNER_VIEWS)),
  days: dropped(v.picklist(SOURCE_PERIODS)),
  // "Add work to the site" from a won lead: what the form starts with.
  category: dropped(v.picklist(galleryCategories)),
  city: dropped(v.picklist(citySlugs)),
  lead: dropped(v.pipe(v.string(), v.regex(UUID_PATTERN))),
})

export const OWNER_PAGE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }

/** What every owner page's route says besides its data: no site shell, never stored by a cache or indexed. */
export const ownerPage = (title: string) => ({
  staticData: { bare: true },
  headers: () => OWNER_PAGE_HEADERS,
  head: () => ({ meta: [{ title }, { name: 'robots', content: 'noindex' }] }),
})
