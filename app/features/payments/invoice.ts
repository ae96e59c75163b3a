/** An invoice and its payments as both sides see them (docs/decisions/055-invoices-and-payments.md): whole cents,
 * Pacific days. No server code. */
import { site } from '~/content/site'
import { formatCents, sumCents } from '../../lib/money'
import type { Tables } from '../../platform/db/schema.gen'

export interface InvoiceItem {
  /** Unique within the invoice: the accepted quote's ids (i1, i2…), then a1, a2… for lines added on site. */
  id: string
  description: string
  cents: number
  /** Added by the owner at the job, not in the accepted quote: the customer sees it marked. */
  addedOnSite: boolean
}

export type PaymentMethod = Tables['payments']['method']
/** What "Record payment" offers: a card payment comes only through Stripe. */
export const RECORDED_METHODS = ['cash', 'check', 'zelle', 'venmo', 'other'] as const
export type RecordedMethod = (typeof RECORDED_METHODS)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  zelle: 'Zelle',
  venmo: 'Venmo',
  other: 'Other',
}

/**
 * What the lead's card shows: a draft until sent; viewed once the customer opened the link; part paid, paid;
 * refunded once everything paid was given back.
 */
export type InvoiceState = 'draft' | 'sent' | 'viewed' | 'part_paid' | 'paid' | 'refunded'

/** What of a payment's refunds was given back: a failed or canceled one came back to the account. */
export const refundedOf = (refunds: InvoiceRefund[]) =>
  sumCents(refunds.filter((refund) => refundCounts(refund.state)).map((refund) => refund.amountCents))

/** The sums of an invoice every reader takes: failed payments and refunds count for nothing. */
export function invoiceFigures(
  totalCents: number,
  payments: Pick<InvoicePayment, 'state' | 'amountCents' | 'refunds'>[],
) {
  const amounts = (state: string) => sumCents(payments.filter((p) => p.state === state).map((p) => p.amountCents))
  const [paidCents, processingCents] = [amounts('succeeded'), amounts('processing')]
  const refundedCents = sumCents(payments.map((payment) => refundedOf(payment.refunds)))
  return {
    totalCents,
    // Succeeded payments, refunds not taken off.
    paidCents,
    refundedCents,
    // Card payments still settling (a bank debit): not paid yet, not due either.
    processingCents,
    // What the customer still owes: never below 0, and a refund does not make it due again.
    balanceCents: Math.max(0, totalCents - paidCents - processingCents),
    // Paid beyond the total and not yet refunded: for the owner to give back (a second paid session).
    overpaidCents: Math.max(0, paidCents - refundedCents - totalCents),
  }
}
export type InvoiceFigures = ReturnType<typeof invoiceFigures>

export type RefundState = Tables['refunds']['state']
/** A Stripe refund pending at the bank counts as given back until Stripe says it failed or was canceled. */
export const COUNTED_REFUND_STATES = ['pending', 'succeeded'] as const satisfies RefundState[]
export const refundCounts = (state: RefundState) => (COUNTED_REFUND_STATES as readonly string[]).includes(state)

export interface InvoiceRefund {
  id: string
  amountCents: number
  /** YYYY-MM-DD, Pacific. */
  refundedOn: string
  state: RefundState
  /** Stripe's reason for a failed one ("expired_or_canceled_card"); null otherwise. */
  failureReason: string | null
}

export interface InvoicePayment {
  id: string
  method: PaymentMethod
  amountCents: number
  /** Stripe's fee; 0 for money the owner recorded. */
  feeCents: number
  state: Tables['payments']['state']
  /** YYYY-MM-DD, Pacific. */
  receivedOn: string
  checkNumber: string | null
  refunds: InvoiceRefund[]
  /** What a refund may still give back. */
  refundableCents: number
}

/** A lead's invoice on the owner's card, from "Job done" on. `number`: given at "Send invoice", null while a draft. */
export interface LeadInvoice extends InvoiceFigures, Pick<Tables['invoices'], 'number'> {
  state: InvoiceState
  items: InvoiceItem[]
  /** ISO times: "Job done", "Send invoice", the customer's first look. */
  createdAt: string
  sentAt: string | null
  firstViewedAt: string | null
  /** The pay page, for "Text the link"; null while a draft. */
  link: string | null
  payments: InvoicePayment[]
}

export const UNPAID_AGES = ['0-7', '8-30', 'over-30'] as const
export type UnpaidAge = (typeof UNPAID_AGES)[number]

/** "0-7" for 0 to 7 days, "8-30", "over-30". */
export const unpaidAge = (days: number): UnpaidAge => (days <= 7 ? '0-7' : days <= 30 ? '8-30' : 'over-30')

/** Stripe's least charge in dollars: a smaller balance is paid another way. */
export const CARD_MINIMUM_CENTS = 50
/** Stripe's most for one charge in dollars ($999,999.99): an invoice's total stays within it. */
export const INVOICE_MOST_CENTS = 99_999_999
export const INVOICE_MOST_LINES = 40
export const OTHER_WAYS_MAX = 1000

export const payPath = (token: string) => `/pay/${token}`
export const payLink = (token: string) => `${site.baseUrl}${payPath(token)}`
export const PAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/
export const OWNER_MONEY_CSV_URL = '/owner/money.csv'

/** What the pay page's plain form posts: a per-page key, never an amount. */
export const PAY_FORM_FIELDS = { click: 'click' } as const

/** The pay page's words that name the phone: the server's answers without the page, and what went wrong on it. */
export const PAY_PAGE_TEXTS = {
  title: `Pay your invoice from ${site.name}`,
  unavailableTitle: 'This payment link is not available',
  unavailable: `There is nothing to pay on it. Questions? Call us at ${site.phone}.`,
  rateLimited: `Too many tries. Please wait a few minutes or call us at ${site.phone}.`,
  cardUnavailable: `Card payment is not available right now. Please try again later or call us at ${site.phone}.`,
  failed: `The payment did not go through. Call ${site.phone} or try again`,
} as const

/** Why an owner's invoice or payment write was refused, Stripe's refusal (409) or silence (503) among them: nothing
 * was recorded. The write returns it, and the call answers with it as is. */
export interface InvoiceRefusal {
  status: 400 | 404 | 409 | 503
  message: string
}

export const INVOICE_REFUSALS = {
  'no-lead': { status: 404, message: 'No such lead' },
  'not-accepted': { status: 409, message: 'Only an accepted quote becomes an invoice' },
  'no-invoice': { status: 409, message: 'Tap "Job done" first' },
  sent: { status: 409, message: 'The invoice was sent: its lines no longer change' },
  draft: { status: 409, message: 'Send the invoice first' },
  empty: { status: 409, message: 'An invoice needs at least one line and a total above $0.00' },
  'too-many-lines': { status: 409, message: `An invoice takes at most ${INVOICE_MOST_LINES} lines` },
  'too-much': {
    status: 409,
    message: `An invoice can total at most ${formatCents(INVOICE_MOST_CENTS)}, the most Stripe takes in one card payment`,
  },
  'no-line': { status: 404, message: 'No such line on the invoice' },
  'no-payment': { status: 404, message: 'No such payment' },
  'over-paid': { status: 409, message: 'A refund cannot be more than what is left of the payment' },
  'not-settled': { status: 409, message: 'Only a settled payment is refunded' },
} as const satisfies Record<string, InvoiceRefusal>

const STATE_TEXTS: Record<InvoiceState, string> = {
  draft: 'Invoice draft: not sent yet',
  sent: 'Invoice sent, not opened yet',
  viewed: 'Invoice viewed',
  part_paid: 'Part paid',
  paid: 'Paid',
  refunded: 'Refunded',
}

/** The owner's side: the lead card's invoice and the "Money" view. */
export const OWNER_INVOICE_TEXTS = {
  jobDone: 'Job done',
  state: (invoice: Pick<LeadInvoice, 'state' | 'number'>) =>
    invoice.number === null ? STATE_TEXTS[invoice.state] : `Invoice ${invoice.number}: ${STATE_TEXTS[invoice.state]}`,
  figures: (invoice: InvoiceFigures) =>
    `Total ${formatCents(invoice.totalCents)} · paid ${formatCents(invoice.paidCents)} · due ${formatCents(invoice.balanceCents)}`,
  processing: (cents: number) => `Payment processing: ${formatCents(cents)}`,
  overpaid: (cents: number) => `Overpayment: ${formatCents(cents)} to refund`,
  addedOnSite: 'added on site',
  remove: (description: string) => `Remove ${description}`,
  addLine: 'Add a line added on site',
  description: 'Description',
  price: 'Price ($)',
  add: 'Add line',
  send: 'Send invoice',
  text: 'Text the link',
  textBody: (firstName: string, link: string) => `Hi ${firstName}, here is your invoice from ${site.name}: ${link}`,
  record: 'Record payment',
  method: 'How it was paid',
  amount: 'Amount ($)',
  day: 'Day it was paid',
  checkNumber: 'Check number',
  refund: 'Refund',
  refundAmount: (left: number) => `Refund amount ($, up to ${formatCents(left)})`,
  payment: (payment: Pick<InvoicePayment, 'method' | 'amountCents' | 'feeCents' | 'receivedOn' | 'checkNumber'>) =>
    `${PAYMENT_METHOD_LABELS[payment.method]}${payment.checkNumber ? ` ${payment.checkNumber}` : ''}: ` +
    `${formatCents(payment.amountCents)} on ${payment.receivedOn}` +
    (payment.feeCents ? ` (fee ${formatCents(payment.feeCents)})` : ''),
  refunded: (refund: InvoiceRefund) => {
    const what = `${formatCents(refund.amountCents)} on ${refund.refundedOn}`
    const reason = refund.failureReason ? ` (${refund.failureReason.replaceAll('_', ' ')})` : ''
    if (refundCounts(refund.state))
      return `Refunded ${what}${refund.state === 'pending' ? ' (pending at the bank)' : ''}`
    const ended = refund.state === 'failed' ? `failed${reason}` : 'was canceled'
    return `Refund of ${what} ${ended}: the money is back in Stripe, not with the customer`
  },
  refundRefused: (stripeSays: string) =>
    `Stripe refused this refund, so nothing was refunded. Stripe says: ${stripeSays}`,
  refundUnreachable:
    'Stripe did not answer, so the refund may not have been made. Try again in a few minutes: it is never made twice.',
  refundNoStripe: 'Set STRIPE_SECRET_KEY to refund card payments',
  moneyTab: 'Money',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  gross: 'Paid',
  fees: 'Card fees',
  refunds: 'Refunds',
  net: 'Net',
  unpaid: 'Unpaid, by days since sent',
  ages: { '0-7': '0–7 days', '8-30': '8–30 days', 'over-30': 'Over 30 days' } satisfies Record<UnpaidAge, string>,
  csv: 'Download payments (CSV)',
  otherWays: 'Other ways to pay, shown on the pay page (Zelle, check, cash)',
  save: 'Save',
  saved: 'Saved.',
  cardOff: 'Card payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take cards.',
} as const
