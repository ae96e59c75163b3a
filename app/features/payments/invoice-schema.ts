/**
 * The rules of the owner's invoice and payment forms, checked in the browser and again by the server functions with
 * the same messages. Amounts become whole cents here; the customer never sends one.
 */
import * as v from 'valibot'
import { isCalendarDay } from '../../lib/calendar-day'
import { quotePriceSchema, quoteItemInputSchema } from '../quotes'
import { INVOICE_REFUSALS, OTHER_WAYS_MAX, RECORDED_METHODS } from './invoice'

/** How far back "Record payment" takes a day (decision 055): a payment found late keeps its own day for the year's
 * books; a mistyped year does not get in. */
export const PAYMENT_DAYS_BACK = 365

export const PAYMENT_FIELD_TEXTS = {
  method: 'Choose how it was paid',
  amountZero: 'Enter an amount above $0.00',
  day: 'Enter the day it was paid, like 2026-11-20',
  dayFuture: 'The day it was paid cannot be in the future',
  dayTooOld: `The day it was paid must be within the last ${PAYMENT_DAYS_BACK} days`,
  checkNumber: 'Enter the check number',
  checkNumberLong: 'The check number must be 40 characters or fewer',
  otherWaysLong: `The text must be ${OTHER_WAYS_MAX.toLocaleString('en-US')} characters or fewer`,
  line: INVOICE_REFUSALS['no-line'].message,
} as const
const T = PAYMENT_FIELD_TEXTS

const uuid = (message: string) => v.pipe(v.string(), v.uuid(message))
const lead = uuid('not a lead id')
const amount = v.pipe(
  quotePriceSchema,
  v.check((cents) => cents > 0, T.amountZero),
)

/** "Job done", "Send invoice" and the invoice's read. */
export const invoiceLeadSchema = v.object({ lead })

/** A line "added on site": the quote editor's description and price rules. */
export const invoiceLineSchema = v.object({
  lead,
  description: quoteItemInputSchema.entries.description,
  price: quotePriceSchema,
})

export const removeInvoiceLineSchema = v.object({
  lead,
  line: v.pipe(v.string(), v.regex(/^[ia]\d{1,3}$/, T.line)),
})

/** The first day "Record payment" takes, `PAYMENT_DAYS_BACK` before Pacific `today` (both YYYY-MM-DD). */
export const earliestPaymentDay = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - PAYMENT_DAYS_BACK * 86_400_000).toISOString().slice(0, 10)

/** Why a real day is not taken, against Pacific `today` on the server's clock; null when it is. */
export function paymentDayRefusal(day: string, today: string): string | null {
  if (day > today) return T.dayFuture
  return day < earliestPaymentDay(today) ? T.dayTooOld : null
}

/** "Record payment": cash, check with its number, Zelle, Venmo or other; the day is checked against today on the
 * server's clock. */
export const recordPaymentSchema = v.pipe(
  v.object({
    lead,
    method: v.picklist(RECORDED_METHODS, T.method),
    amount,
    receivedOn: v.pipe(v.string(T.day), v.check(isCalendarDay, T.day)),
    checkNumber: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(40, T.checkNumberLong)),
  }),
  v.forward(
    v.check((input) => input.method !== 'check' || input.checkNumber !== '', T.checkNumber),
    ['checkNumber'],
  ),
)
export type RecordPaymentInput = v.InferOutput<typeof recordPaymentSchema>

/** "Refund": all or part of one payment. */
export const refundSchema = v.object({ payment: uuid('not a payment id'), amount })
export type RefundInput = v.InferOutput<typeof refundSchema>

/** The pay page's "other ways to pay", as the owner writes it. */
export const otherWaysSchema = v.object({
  text: v.pipe(v.string(), v.trim(), v.maxLength(OTHER_WAYS_MAX, T.otherWaysLong)),
})
