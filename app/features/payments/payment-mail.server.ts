// The e-mails and push about an invoice and its payments (docs/decisions/055-invoices-and-payments.md), in the words
// of app/content/messages.ts, each built from the invoice as stored when it is sent: a reminder finds nothing due
// once paid, a receipt names its own payment or refund (the outbox row's key). Typed values cleaned and escaped.
import { messages } from '../../content/messages'
import { PAYMENT_METHOD_LABELS, refundCounts, type LeadInvoice } from './invoice'
import { formatCents } from '../../lib/money'
import { formatDay } from '../quotes/quote'
import { sanitizeText } from '../leads/lead-email.server'
import {
  customerLetter,
  firstNameOf,
  toInbox,
  townOf,
  type Letter,
  type PushPayload,
  type Senders,
} from '../../platform/outbox/messages.server'

/** A lead with its invoice, as the outbox's claim reads them. */
export interface InvoiceMailLead {
  outboxId: string
  leadId: string
  firstName: string
  email: string
  zip: string | null
  sourcePage: string | null
  payload: Record<string, unknown> | null
  invoice: LeadInvoice
}

const payloadId = (lead: InvoiceMailLead, name: string) => String(lead.payload?.[name] ?? '')

/** As every letter to a customer, closing with the payments' outro after its own lines. */
const invoiceMail = (lead: InvoiceMailLead, key: string, senders: Senders, { after = [], ...letter }: InvoiceLetter) =>
  customerLetter(lead, key, senders, { ...letter, outro: [...after, ...messages.payments.outro] })
type InvoiceLetter = Omit<Letter, 'outro'> & { after?: string[] }

/** Total, paid so far, refunds and the balance, as a receipt ends. */
function figures(invoice: LeadInvoice) {
  const { totalCents, paidCents, refundedCents, balanceCents } = invoice
  const refunded = refundedCents ? formatCents(refundedCents) : null
  return messages.payments.figures(formatCents(totalCents), formatCents(paidCents), refunded, formatCents(balanceCents))
}

/** The link to the pay page, with the lines and those added on site marked. */
export function invoiceSentMail(lead: InvoiceMailLead, senders: Senders) {
  const { invoice } = lead
  if (!invoice.link || invoice.number === null) return null
  const words = messages.payments.invoice(firstNameOf(lead), invoice.number, formatCents(invoice.totalCents))
  const lines = invoice.items.map(
    (item) =>
      `${sanitizeText(item.description, 200)}${item.addedOnSite ? ' (added on site)' : ''}: ${formatCents(item.cents)}`,
  )
  return invoiceMail(lead, `invoice-${lead.outboxId}`, senders, {
    subject: words.subject,
    intro: [...words.intro.slice(0, 2), ...lines, words.intro[2]!],
    after: words.outro,
    link: invoice.link,
    button: words.button,
  })
}

/** 3 and 10 days after sending; nothing once the balance is 0. */
export function invoiceReminderMail(lead: InvoiceMailLead, senders: Senders) {
  const { invoice } = lead
  if (!invoice.link || invoice.number === null || invoice.balanceCents === 0) return null
  const words = messages.payments.reminder(firstNameOf(lead), invoice.number, formatCents(invoice.balanceCents))
  const key = `invoice-reminder-${lead.outboxId}-${payloadId(lead, 'days')}`
  return invoiceMail(lead, key, senders, { ...words, after: words.outro, link: invoice.link })
}

const paymentOf = (lead: InvoiceMailLead) =>
  lead.invoice.payments.find((payment) => payment.id === payloadId(lead, 'payment') && payment.state === 'succeeded')

/** One per payment: its amount, how and when, and where the invoice now stands. */
export function paymentReceiptMail(lead: InvoiceMailLead, senders: Senders) {
  const payment = paymentOf(lead)
  const { invoice } = lead
  if (!payment || invoice.number === null) return null
  const method = `${PAYMENT_METHOD_LABELS[payment.method]}${payment.checkNumber ? ` ${sanitizeText(payment.checkNumber, 40)}` : ''}`
  const day = formatDay(payment.receivedOn, false)
  const words = messages.payments.receipt(
    firstNameOf(lead),
    invoice.number,
    formatCents(payment.amountCents),
    method,
    day,
  )
  const link = invoice.balanceCents > 0 ? invoice.link : null
  return invoiceMail(lead, `receipt-${payment.id}`, senders, { ...words, after: figures(invoice), link })
}

/** The payload's refund and its payment. */
function refundOf(lead: InvoiceMailLead) {
  const id = payloadId(lead, 'refund')
  const payment = lead.invoice.payments.find((paid) => paid.refunds.some((refund) => refund.id === id))
  return { payment, refund: payment?.refunds.find((given) => given.id === id) }
}

/** One per refund: a card's goes back to the card. Nothing for one that failed or was canceled before it went. */
export function refundReceiptMail(lead: InvoiceMailLead, senders: Senders) {
  const { invoice } = lead
  const { payment, refund } = refundOf(lead)
  if (!payment || !refund || !refundCounts(refund.state) || invoice.number === null) return null
  const day = formatDay(refund.refundedOn, false)
  const amount = formatCents(refund.amountCents)
  const words = messages.payments.refund(firstNameOf(lead), invoice.number, amount, payment.method === 'card', day)
  return invoiceMail(lead, `refund-${refund.id}`, senders, { ...words, after: figures(invoice) })
}

/** To the owner: "Refund failed: $X, {first name}, {town}", with Stripe's reason; or canceled. */
export function refundUndonePushPayload(lead: InvoiceMailLead): PushPayload | null {
  const { refund } = refundOf(lead)
  if (!refund || refundCounts(refund.state)) return null
  const name = firstNameOf(lead) || 'A customer'
  const reason = refund.failureReason?.replaceAll('_', ' ') ?? null
  return toInbox(messages.push.refundUndone(formatCents(refund.amountCents), name, townOf(lead), reason))
}

/** To the owner about his own customer: "Paid: $X, {first name}, {town}". */
export function paymentPushPayload(lead: InvoiceMailLead): PushPayload | null {
  const payment = paymentOf(lead)
  if (!payment) return null
  const name = firstNameOf(lead) || 'A customer'
  return toInbox(messages.push.paid(formatCents(payment.amountCents), name, townOf(lead)))
}
