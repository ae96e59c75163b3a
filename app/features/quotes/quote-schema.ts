/**
 * The rules of a quote's fields, checked in the browser and again on the server with the same messages
 * (docs/product.md#validation). Amounts become whole cents here; nothing a customer sends ever is one.
 */
import * as v from 'valibot'
import { serviceIds } from '~/content/types'
import { site } from '~/content/site'
import { hasForbiddenChars } from '~/lib/text'
import { MAX_CENTS, optionalPriceSchema, priceSchema } from '../../lib/money'
import { PRICE_LIMITS } from '../prices'
import { OWNER_QUOTE_FIELD_TEXTS as O, OWNER_QUOTE_TEXTS, QUOTE_FIELD_TEXTS as C } from './quote-texts'

export const QUOTE_LIMITS = {
  items: 30,
  description: 200,
  note: 2000,
  terms: 20_000,
  nameMin: 2,
  name: 100,
  message: 2000,
  validDaysDefault: 30,
  validDaysMax: 365,
} as const

const ONE_ISSUE = { abortPipeEarly: true } as const
const uuid = v.pipe(v.string(), v.uuid('not a lead id'))
const noForbidden = (message: string) => v.check((s: string) => !hasForbiddenChars(s), message)
// Line breaks are kept in longer texts; every other control character is refused or replaced.
const CONTROL_BUT_NEWLINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu
const withoutControls = (s: string) =>
  s.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, (c) => (c === '\n' ? c : ' '))
/** An optional text of the owner's that keeps its line breaks: empty when not given. */
const ownerText = (max: number, message: string) =>
  v.pipe(v.optional(v.string(), ''), v.transform(withoutControls), v.trim(), v.maxLength(max, message))

const PRICE_TEXTS = {
  required: O.priceRequired,
  negative: O.priceNegative,
  format: O.priceFormat,
  cents: O.priceCents,
  max: O.priceMax,
}
export const quotePriceSchema = priceSchema(PRICE_TEXTS)

const description = v.config(
  v.pipe(
    v.string(O.descriptionRequired),
    v.trim(),
    v.nonEmpty(O.descriptionRequired),
    v.maxLength(QUOTE_LIMITS.description, O.descriptionLong),
    noForbidden(O.descriptionChars),
  ),
  ONE_ISSUE,
)

export const quoteItemInputSchema = v.object({
  description,
  price: quotePriceSchema,
  optional: v.optional(v.boolean(), false),
})

/** "Send quote": what the owner's editor sends, checked in the browser and again on the server. */
export const quoteDraftSchema = v.object({
  lead: uuid,
  items: v.pipe(
    v.array(quoteItemInputSchema),
    v.minLength(1, OWNER_QUOTE_TEXTS.noItems),
    v.maxLength(QUOTE_LIMITS.items, OWNER_QUOTE_TEXTS.tooManyItems),
    // Accepted with every optional item, the total becomes the won job's value, which holds up to MAX_CENTS.
    v.check((items) => items.reduce((sum, item) => sum + item.price, 0) <= MAX_CENTS, OWNER_QUOTE_TEXTS.totalMax),
  ),
  note: ownerText(QUOTE_LIMITS.note, O.noteLong),
  validDays: v.pipe(
    v.union([v.string(), v.number()], O.validDays),
    v.transform(Number),
    v.check((days) => Number.isInteger(days) && days >= 1 && days <= QUOTE_LIMITS.validDaysMax, O.validDays),
  ),
})
export const checkQuoteDraft = (draft: QuoteDraftInput) => v.safeParse(quoteDraftSchema, draft)
export type QuoteDraftInput = v.InferInput<typeof quoteDraftSchema>
export type QuoteDraft = v.InferOutput<typeof quoteDraftSchema>

/** The customer's "Accept quote": one message per field, in the page's order. */
export const acceptanceSchema = v.object({
  name: v.config(
    v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty(C.nameRequired),
      v.check((name) => name.length >= QUOTE_LIMITS.nameMin, C.nameShort),
      v.maxLength(QUOTE_LIMITS.name, C.nameLong),
      noForbidden(C.nameChars),
    ),
    ONE_ISSUE,
  ),
  agree: v.pipe(
    v.optional(v.string(), ''),
    v.check((value) => value !== '', C.agreeRequired),
  ),
})

/** The customer's "Ask for changes": control characters become spaces, line breaks stay. */
export const changesSchema = v.object({
  message: v.config(
    v.pipe(
      v.optional(v.string(), ''),
      v.transform(withoutControls),
      v.trim(),
      v.nonEmpty(C.messageRequired),
      v.maxLength(QUOTE_LIMITS.message, C.messageLong),
    ),
    ONE_ISSUE,
  ),
})

const DAY = /^\d{4}-\d{2}-\d{2}$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
const isDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)

/** "Schedule" of an accepted quote's job: a day from `today` (Pacific) on, a window within opening hours. */
export function jobScheduleSchema(today: string) {
  return v.pipe(
    v.object({
      lead: uuid,
      day: v.config(
        v.pipe(
          v.string(O.dayRequired),
          v.check(isDay, O.dayRequired),
          v.check((day) => day >= today, O.dayPast),
        ),
        ONE_ISSUE,
      ),
      start: v.config(
        v.pipe(
          v.string(O.timeRequired),
          v.regex(CLOCK, O.timeRequired),
          v.check((time) => time >= site.hours.opens && time < site.hours.closes, O.timeHours),
        ),
        ONE_ISSUE,
      ),
      end: v.config(
        v.pipe(
          v.string(O.timeRequired),
          v.regex(CLOCK, O.timeRequired),
          v.check((time) => time > site.hours.opens && time <= site.hours.closes, O.timeHours),
        ),
        ONE_ISSUE,
      ),
    }),
    v.forward(
      v.partialCheck([['start'], ['end']], (job) => job.start < job.end, O.timeOrder),
      ['end'],
    ),
  )
}

/** A starting price: empty is none. */
const optionalPrice = optionalPriceSchema(PRICE_TEXTS)

// A size is the owner's own word, shown as text on public pages: no markup, so nothing reads as if it were some.
const sizeName = v.config(
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.maxLength(PRICE_LIMITS.size, O.sizeLong),
    v.check((size) => !/[<>]/.test(size), O.sizeMarkup),
    noForbidden(O.sizeChars),
  ),
  ONE_ISSUE,
)

/** A row of the Prices view: all empty is no range; otherwise both ends, the low one not above the high one. */
const sizeRange = v.pipe(
  v.object({ size: sizeName, low: optionalPrice, high: optionalPrice }),
  v.forward(
    v.partialCheck([['size'], ['low'], ['high']], (row) => (row.low === null) === (row.high === null), O.rangeBoth),
    ['high'],
  ),
  v.forward(
    v.partialCheck(
      [['low'], ['high']],
      (row) => row.low === null || row.high === null || row.low <= row.high,
      O.rangeOrder,
    ),
    ['low'],
  ),
  v.forward(
    v.partialCheck([['size'], ['low']], (row) => row.size === '' || row.low !== null, O.rangeBoth),
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
  v.maxLength(PRICE_LIMITS.ranges, O.rangesMany),
  // A service has sizes, each named once, or one range without a size.
  v.check((ranges) => ranges.length < 2 || ranges.every((range) => range.size !== ''), O.sizeMissing),
  v.check((ranges) => new Set(ranges.map((range) => range.size)).size === ranges.length, O.sizeTwice),
)

const priceLine = v.object({
  serviceId: v.picklist(serviceIds, 'unknown service'),
  description,
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
  terms: ownerText(QUOTE_LIMITS.terms, O.termsLong),
  /** The one line under every typical price; empty is the default. */
  rule: v.pipe(
    v.optional(v.string(), ''),
    v.transform((rule) => rule.replace(CONTROL_BUT_NEWLINE, ' ').replace(/\n/g, ' ')),
    v.trim(),
    v.maxLength(PRICE_LIMITS.rule, O.ruleLong),
  ),
})
export const checkPriceList = (list: PriceListInput) => v.safeParse(priceListSchema, list)
export type PriceListInput = v.InferInput<typeof priceListSchema>
export type PriceList = v.InferOutput<typeof priceListSchema>

/** The first issue's message and the field it belongs to (a path such as items.2.price), for a message beside it. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { message: string; field: string } {
  const issue = issues[0]
  const field = (issue?.path ?? []).map((step) => String(step.key)).join('.')
  return { message: issue?.message ?? 'Invalid input', field }
}
