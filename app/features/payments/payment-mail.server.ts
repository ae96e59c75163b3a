// The e-mails and pushes about an invoice and its payments (docs/decisions/055-invoices-and-payments.md), in the words
// of app/content/messages.ts, each built from the invoice as it stands when its cause is committed; a reminder is
// built when it is sent (payments.outbox.server.ts), so it finds nothing due once paid. Typed values cleaned, escaped.
import { messages } from '../../content/messages'
import { formatCents } from '../../lib/money'
import { customerLetter, sanitizeText, type Letter, type Mail } from '../../platform/transport/mail.server'
import type { Push } from '../../platform/transport/push.server'
import { firstNameOf, ownerNameOf, toInbox, townOf, type LeadCustomer } from '../leads/index.server'
import { formatDay } from '../quotes'
import { PAYMENT_METHOD_LABELS, refundCounts, type LeadInvoice } from './invoice'

type InvoiceLetter = Omit<Letter, 'to' | 'lead' | 'outro'> & { after?: string[] }

/** As every letter to a customer, closing with the payments' outro after its own lines; null for an unusable address. */
const invoiceMail = (customer: LeadCustomer, { after = [], ...letter }: InvoiceLetter): Mail | null =>
  customerLetter({
    ...letter,
    to: customer.email,
    lead: customer.leadId,
    outro: [...after, ...messages.payments.outro],
  })

/** Total, paid so far, refunds and the balance, as a receipt ends. */
function figures(invoice: LeadInvoice) {
  const { totalCents, paidCents, refundedCents, balanceCents } = invoice
  const refunded = refundedCents ? formatCents(refundedCents) : null
  return messages.payments.figures(formatCents(totalCents), formatCents(paidCents), refunded, formatCents(balanceCents))
}

/** The link to the pay page, with the lines and those added on site marked. */
export function invoiceSentMail(customer: LeadCustomer, invoice: LeadInvoice): Mail | null {
  if (!invoice.link || invoice.number === null) return null
  const words = messages.payments.invoice(firstNameOf(customer), invoice.number, formatCents(invoice.totalCents))
  const lines = invoice.items.map(
    (item) =>
      `${sanitizeText(item.description, 200)}${item.addedOnSite ? ' (added on site)' : ''}: ${formatCents(item.cents)}`,
  )
  return invoiceMail(customer, {
    subject: words.subject,
    intro: [...words.intro.slice(0, 2), ...lines, words.intro[2]!],
    after: words.outro,
    link: invoice.link,
    button: words.button,
  })
}

/** 3 and 10 days after sending; nothing once the balance is 0. */
export function invoiceReminderMail(customer: LeadCustomer, invoice: LeadInvoice): Mail | null {
  if (!invoice.link || invoice.number === null || invoice.balanceCents === 0) return null
  const words = messages.payments.reminder(firstNameOf(customer), invoice.number, formatCents(invoice.balanceCents))
  return invoiceMail(customer, { ...words, after: words.outro, link: invoice.link })
}

const succeededPayment = (invoice: LeadInvoice, paymentId: string) =>
  invoice.payments.find((payment) => payment.id === paymentId && payment.state === 'succeeded')

/** One per payment: its amount, how and when, and where the invoice now stands. */
export function paymentReceiptMail(customer: LeadCustomer, invoice: LeadInvoice, paymentId: string): Mail | null {
  const payment = succeededPayment(invoice, paymentId)
  if (!payment || invoice.number === null) return null
  const method = `${PAYMENT_METHOD_LABELS[payment.method]}${payment.checkNumber ? ` ${sanitizeText(payment.checkNumber, 40)}` : ''}`
  const day = formatDay(payment.receivedOn, false)
  const words = messages.payments.receipt(
    firstNameOf(customer),
    invoice.number,
    formatCents(payment.amountCents),
    method,
    day,
  )
  const link = invoice.balanceCents > 0 ? invoice.link : null
  return invoiceMail(customer, { ...words, after: figures(invoice), link })
}

/** The refund and its payment. */
function refundOf(invoice: LeadInvoice, refundId: string) {
  const payment = invoice.payments.find((paid) => paid.refunds.some((refund) => refund.id === refundId))
  return { payment, refund: payment?.refunds.find((given) => given.id === refundId) }
}

/** One per refund given back: a card's goes back to the card. */
export function refundReceiptMail(customer: LeadCustomer, invoice: LeadInvoice, refundId: string): Mail | null {
  const { payment, refund } = refundOf(invoice, refundId)
  if (!payment || !refund || !refundCounts(refund.state) || invoice.number === null) return null
  const day = formatDay(refund.refundedOn, false)
  const amount = formatCents(refund.amountCents)
  const words = messages.payments.refund(firstNameOf(customer), invoice.number, amount, payment.method === 'card', day)
  return invoiceMail(customer, { ...words, after: figures(invoice) })
}

/** To the owner: "Refund failed: $X, {first name}, {town}", with Stripe's reason; or canceled. */
export function refundUndonePush(customer: LeadCustomer, invoice: LeadInvoice, refundId: string): Push | null {
  const { refund } = refundOf(invoice, refundId)
  if (!refund || refundCounts(refund.state)) return null
  const name = ownerNameOf(customer.firstName)
  const reason = refund.failureReason?.replaceAll('_', ' ') ?? null
  return toInbox(messages.push.refundUndone(formatCents(refund.amountCents), name, townOf(customer), reason))
}

/** To the owner about his own customer: "Paid: $X, {first name}, {town}". */
export function paymentPush(customer: LeadCustomer, invoice: LeadInvoice, paymentId: string): Push | null {
  const payment = succeededPayment(invoice, paymentId)
  if (!payment) return null
  const name = ownerNameOf(customer.firstName)
  return toInbox(messages.push.paid(formatCents(payment.amountCents), name, townOf(customer)))
}
