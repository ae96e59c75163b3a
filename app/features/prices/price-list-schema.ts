// The owner's price list (docs/decisions/053-quotes-and-jobs.md, 057-price-ranges.md), checked in the browser and
// again on the server with the same messages. A line's description and price are a quote item's too.
import * as v from 'valibot'
import { serviceIds } from '~/content/types'
import { FORBIDDEN_CHARS } from '~/lib/text'
import { noForbidden, ONE_ISSUE, ownerText } from '~/lib/text-fields'
import { optionalPriceSchema } from '../../lib/money'
import { PRICE_LINE_FIELD_TEXTS as O, PRICE_LIST_FIELD_TEXTS as L } from './price-texts'
import { PRICE_LIMITS } from './typical-price'

export const PRICE_LINE_TEXTS = {
  required: O.priceRequired,
  negative: O.priceNegative,
  format: O.priceFormat,
  cents: O.priceCents,
  max: O.priceMax,
}

export const lineDescription = v.config(
  v.pipe(
    v.string(O.descriptionRequired),
    v.trim(),
    v.nonEmpty(O.descriptionRequired),
    v.maxLength(PRICE_LIMITS.description, O.descriptionLong),
    noForbidden(O.descriptionChars),
  ),
  ONE_ISSUE,
)
/** A starting price: empty is none. */
const optionalPrice = optionalPriceSchema(PRICE_LINE_TEXTS)

// A size is the owner's own word, shown as text on public pages: no markup, so nothing reads as if it were some.
const sizeName = v.config(
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(PRICE_LIMITS.size, L.sizeLong),
    v.check((size) => !/[<>]/.test(size), L.sizeMarkup),
    noForbidden(L.sizeChars),
  ),
  ONE_ISSUE,
)

/** A row of the Prices view: all empty is no range; otherwise both ends, the low one not above the high one. */
const sizeRange = v.pipe(
  v.object({ size: sizeName, low: optionalPrice, high: optionalPrice }),
  v.forward(
    v.partialCheck([['size'], ['low'], ['high']], (row) => (row.low === null) === (row.high === null), L.rangeBoth),
    ['high'],
  ),
  v.forward(
    v.partialCheck(
      [['low'], ['high']],
      (row) => row.low === null || row.high === null || row.low <= row.high,
      L.rangeOrder,
    ),
    ['low'],
  ),
  v.forward(
    v.partialCheck([['size'], ['low']], (row) => row.size === '' || row.low !== null, L.rangeBoth),
    ['low'],
  ),
)

const sizeRanges = v.pipe(
  v.optional(v.array(sizeRange), []),
  v.transform((rows) =>
    rows.flatMap((row) =>
      row.low === null || row.high === null ? [] : [{ size: row.size, lowCents: row.low, highCents: row.high }],
    ),
  ),
  v.maxLength(PRICE_LIMITS.ranges, L.rangesMany),
  // A service has sizes, each named once, or one range without a size.
  v.check((ranges) => ranges.length < 2 || ranges.every((range) => range.size !== ''), L.sizeMissing),
  v.check((ranges) => new Set(ranges.map((range) => range.size)).size === ranges.length, L.sizeTwice),
)

const priceLine = v.object({
  serviceId: v.picklist(serviceIds, 'unknown service'),
  description: lineDescription,
  price: optionalPrice,
  minimum: optionalPrice,
  ranges: sizeRanges,
})
/** The price list and terms (/owner?view=prices). An empty price is "no starting price", empty terms the default. */
export const priceListSchema = v.object({
  items: v.pipe(
    v.array(priceLine),
    // Two lines of one service would be one upsert touching its row twice: refused here, not with a 500.
    v.check((lines) => new Set(lines.map((line) => line.serviceId)).size === lines.length, 'one line per service'),
  ),
  terms: ownerText(PRICE_LIMITS.terms, L.termsLong),
  /** The one line under every typical price; empty is the default. */
  rule: v.pipe(
    v.optional(v.string(), ''),
    v.transform((rule) => rule.replace(FORBIDDEN_CHARS, ' ')),
    v.trim(),
    v.maxLength(PRICE_LIMITS.rule, L.ruleLong),
  ),
})
export const checkPriceList = (list: PriceListInput) => v.safeParse(priceListSchema, list)
export type PriceListInput = v.InferInput<typeof priceListSchema>
export type PriceList = v.InferOutput<typeof priceListSchema>
