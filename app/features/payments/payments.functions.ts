// The owner's invoice and payment calls (docs/decisions/055-invoices-and-payments.md), each made by ownerFn: 401 and
// nothing written without a session. The customer's side is the pay page's own form post (routes/pay.$token.tsx).
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { parse } from '~/platform/http/function-input.server'
import {
  addInvoiceLine,
  markJobDone,
  removeInvoiceLine,
  sendInvoice,
  type InvoiceWriteResult,
} from '~/features/payments/invoice-writes.server'
import { moneySummary, recordPayment, refundPayment, saveOtherWays } from '~/features/payments/payments.server'
import { ownerFn, refuse } from '../../platform/http/owner-access.functions'
import type { LeadInvoice } from './invoice'
import {
  invoiceLeadSchema,
  invoiceLineSchema,
  otherWaysSchema,
  recordPaymentSchema,
  refundSchema,
  removeInvoiceLineSchema,
} from './invoice-schema'

/** The invoice as it now stands, or the call answered with the refusal's status and words. */
const answer = (result: InvoiceWriteResult): LeadInvoice =>
  'message' in result ? refuse(result.status, result.message) : result

/** "Job done": a draft from the accepted quote's items and chosen options; a second tap answers the same draft. */
export const markOwnerJobDone = ownerFn({ method: 'POST' })
  .validator(parse(invoiceLeadSchema))
  .handler(async ({ data }) => answer(await markJobDone(db, data.lead)))

/** A line "added on site", while a draft. */
export const addOwnerInvoiceLine = ownerFn({ method: 'POST' })
  .validator(parse(invoiceLineSchema))
  .handler(async ({ data }) =>
    answer(await addInvoiceLine(db, data.lead, { description: data.description, cents: data.price })),
  )

export const removeOwnerInvoiceLine = ownerFn({ method: 'POST' })
  .validator(parse(removeInvoiceLineSchema))
  .handler(async ({ data }) => answer(await removeInvoiceLine(db, data.lead, data.line)))

/** "Send invoice": its number, the e-mailed link and the two reminders; the link for "Text the link". */
export const sendOwnerInvoice = ownerFn({ method: 'POST' })
  .validator(parse(invoiceLeadSchema))
  .handler(async ({ data }) => answer(await sendInvoice(db, data.lead, new Date())))

/** "Record payment": the day is checked against today in Pacific time, on the server's clock. */
export const recordOwnerPayment = ownerFn({ method: 'POST' })
  .validator(parse(recordPaymentSchema))
  .handler(async ({ data }) => answer(await recordPayment(db, data, new Date())))

/** "Refund": a card payment's through Stripe (its refusal or silence in the owner's words), any other's recorded. */
export const refundOwnerPayment = ownerFn({ method: 'POST' })
  .validator(parse(refundSchema))
  .handler(async ({ data }) => answer(await refundPayment(db, data, new Date(), runtimeConfig().stripe)))

/** The "Money" view. */
export const fetchOwnerMoney = ownerFn().handler(async () => moneySummary(db, new Date(), runtimeConfig().stripe))

/** The pay page's "other ways to pay" (Zelle, check, cash); empty removes it. */
export const saveOwnerOtherWays = ownerFn({ method: 'POST' })
  .validator(parse(otherWaysSchema))
  .handler(({ data }) => saveOtherWays(db, data.text))
