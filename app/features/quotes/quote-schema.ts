/**
 * The rules of a quote's fields, checked in the browser and again on the server with the same messages
 * (docs/product.md#validation). Amounts become whole cents here; nothing a customer sends ever is one.
 */
import * as v from 'valibot'
import { site } from '~/content/site'
import { noForbidden, ONE_ISSUE, ownerText, withoutControls } from '~/lib/text-fields'
import { isCalendarDay } from '../../lib/calendar-day'
import { MAX_CENTS, priceSchema } from '../../lib/money'
import { PRICE_LIMITS } from '../prices'
import { lineDescription, PRICE_LINE_TEXTS } from '../prices/index.lines'
import { OWNER_QUOTE_FIELD_TEXTS as O, OWNER_QUOTE_TEXTS, QUOTE_FIELD_TEXTS as C } from './quote-texts'

/** What the owner's quote may hold: its lines, note and days valid. */
export const QUOTE_DRAFT_LIMITS = {
  items: 30,
  description: PRICE_LIMITS.description,
  note: 2000,
  validDaysDefault: 30,
  validDaysMax: 365,
} as const

/** The customer's answer on the quote's page: the name they accept with, or the changes they ask for. */
export const QUOTE_ANSWER_LIMITS = {
  nameMin: 2,
  name: 100,
  message: 2000,
} as const

const uuid = v.pipe(v.string(), v.uuid('not a lead id'))
/** The owner's calls about one lead's quote or job. */
export const quoteLeadSchema = v.object({ lead: uuid })

export const quotePriceSchema = priceSchema(PRICE_LINE_TEXTS)

export const quoteItemInputSchema = v.object({
  description: lineDescription,
  price: quotePriceSchema,
  optional: v.optional(v.boolean(), false),
})

/** "Send quote": what the owner's editor sends, checked in the browser and again on the server. */
export const quoteDraftSchema = v.object({
  lead: uuid,
  items: v.pipe(
    v.array(quoteItemInputSchema),
    v.minLength(1, OWNER_QUOTE_TEXTS.noItems),
    v.maxLength(QUOTE_DRAFT_LIMITS.items, OWNER_QUOTE_TEXTS.tooManyItems),
    // Accepted with every optional item, the total becomes the won job's value, which holds up to MAX_CENTS.
    v.check((items) => items.reduce((sum, item) => sum + item.price, 0) <= MAX_CENTS, OWNER_QUOTE_TEXTS.totalMax),
  ),
  note: ownerText(QUOTE_DRAFT_LIMITS.note, O.noteLong),
  validDays: v.pipe(
    v.union([v.string(), v.number()], O.validDays),
    v.transform(Number),
    v.check((days) => Number.isInteger(days) && days >= 1 && days <= QUOTE_DRAFT_LIMITS.validDaysMax, O.validDays),
  ),
})
export type QuoteDraftInput = v.InferInput<typeof quoteDraftSchema>
export type QuoteDraft = v.InferOutput<typeof quoteDraftSchema>

/** The customer's "Accept quote": one message per field, in the page's order. */
export const acceptanceSchema = v.object({
  name: v.config(
    v.pipe(
      v.optional(v.string(), ''),
      v.trim(),
      v.nonEmpty(C.nameRequired),
      v.check((name) => name.length >= QUOTE_ANSWER_LIMITS.nameMin, C.nameShort),
      v.maxLength(QUOTE_ANSWER_LIMITS.name, C.nameLong),
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
      v.maxLength(QUOTE_ANSWER_LIMITS.message, C.messageLong),
    ),
    ONE_ISSUE,
  ),
})

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
/** One end of the arrival window: HH:MM, `within` opening hours. */
const arrivalTime = (within: (time: string) => boolean) =>
  v.config(v.pipe(v.string(O.timeRequired), v.regex(CLOCK, O.timeRequired), v.check(within, O.timeHours)), ONE_ISSUE)

/** "Schedule" of an accepted quote's job: a day from `today` (Pacific) on, a window within opening hours. */
export function jobScheduleSchema(today: string) {
  return v.pipe(
    v.object({
      lead: uuid,
      day: v.config(
        v.pipe(
          v.string(O.dayRequired),
          v.check(isCalendarDay, O.dayRequired),
          v.check((day) => day >= today, O.dayPast),
        ),
        ONE_ISSUE,
      ),
      start: arrivalTime((time) => time >= site.hours.opens && time < site.hours.closes),
      end: arrivalTime((time) => time > site.hours.opens && time <= site.hours.closes),
    }),
    v.forward(
      v.partialCheck([['start'], ['end']], (job) => job.start < job.end, O.timeOrder),
      ['end'],
    ),
  )
}
