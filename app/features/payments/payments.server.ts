// Money on invoices (docs/decisions/055-invoices-and-payments.md): what the owner records and refunds, and the "Money"
// view and its CSV. Card payments come in through stripe.server.ts; each write here locks the lead's row first
// (lockInvoice) and sends what it queued at once.
import { sql, type Expression } from 'kysely'
import {
  CARD_MINIMUM_CENTS,
  COUNTED_REFUND_STATES,
  INVOICE_REFUSALS,
  PAYMENT_METHOD_LABELS,
  UNPAID_AGES,
  type LeadInvoice,
  type UnpaidAge,
} from './invoice'
import { centsText, sumCents } from '../../lib/money'
import { paymentDayRefusal, type RecordPaymentInput, type RefundInput } from './invoice-schema'
import type { RuntimeConfig } from '../../platform/config.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import { readSetting, writeSetting } from '../../platform/db/settings.server'
import { csvDownload, csvText } from '../../platform/http/owner-files.server'
import { invoiceOf, unpaidInvoices } from './invoices.server'
import { addRefund, moneyMoved, writeInvoice, type InvoiceWriteResult } from './invoice-writes.server'
import { refundCardPayment } from './stripe.server'

/**
 * "Record payment": money the owner received himself, on a sent invoice, on a day within PAYMENT_DAYS_BACK of `now`'s
 * Pacific date. More than the balance is an overpayment.
 */
export async function recordPayment(db: Db, input: RecordPaymentInput, now: Date): Promise<InvoiceWriteResult> {
  const dayRefused = paymentDayRefusal(input.receivedOn, pacificDate(now))
  if (dayRefused) return { status: 400, message: dayRefused }
  return writeInvoice(db, input.lead, async (tx, invoice) => {
    if (!invoice.sent_at) return INVOICE_REFUSALS.draft
    const { id } = await tx
      .insertInto('payments')
      .values({
        lead_id: input.lead,
        method: input.method,
        amount_cents: input.amount,
        received_on: input.receivedOn,
        check_number: input.method === 'check' ? input.checkNumber : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await moneyMoved(tx, input.lead, { payment: id, push: false }, now)
  })
}

/**
 * "Refund": never more than what is left of the payment, checked under the lead's lock. A card payment's goes
 * through Stripe first, with a key that a repeated tap reuses; it is recorded at once by Stripe's refund id and
 * status, so the charge.refunded that follows adds nothing. Stripe refusing or not answering records nothing.
 */
export async function refundPayment(
  db: Db,
  input: RefundInput,
  now: Date,
  stripe: RuntimeConfig['stripe'],
): Promise<InvoiceWriteResult> {
  const { payment: paymentId, amount: cents } = input
  const payment = await db
    .selectFrom('payments')
    .select(['lead_id', 'method', 'stripe_payment_intent'])
    .select((eb) =>
      eb
        .selectFrom('refunds')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('tried'))
        .whereRef('payment_id', '=', 'payments.id')
        .as('refundsSoFar'),
    )
    .where('id', '=', paymentId)
    .executeTakeFirst()
  if (!payment) return INVOICE_REFUSALS['no-payment']
  const leadId = payment.lead_id
  const refused = refundRefusal(await invoiceOf(db, leadId), paymentId, cents)
  if (refused) return refused
  let stripeRefund: Awaited<ReturnType<typeof refundCardPayment>> | null = null
  if (payment.method === 'card') {
    stripeRefund = await refundCardPayment(stripe, { leadId, paymentId, cents, ...payment })
    if ('message' in stripeRefund) return stripeRefund
  }
  // A payment's invoice exists: the payments table's foreign key holds to it.
  return writeInvoice(db, leadId, async (tx) => {
    // Stripe holds its own limit; a refund it made is recorded whatever our sums say, never lost.
    const refused = stripeRefund ? null : refundRefusal(await invoiceOf(tx, leadId), paymentId, cents)
    if (refused) return refused
    const given = {
      payment_id: paymentId,
      amount_cents: cents,
      refunded_on: pacificDate(now),
      stripe_refund: stripeRefund?.id ?? null,
      state: stripeRefund?.state ?? 'succeeded',
      failure_reason: stripeRefund?.failureReason ?? null,
    }
    await addRefund(tx, leadId, given, now)
  })
}

/** Why `cents` of the payment are not refunded, by what the invoice's one read leaves of it; null when they are. */
function refundRefusal(invoice: LeadInvoice | null, paymentId: string, cents: number) {
  const payment = invoice?.payments.find((paid) => paid.id === paymentId)
  if (payment?.state !== 'succeeded') return INVOICE_REFUSALS['not-settled']
  return cents > payment.refundableCents ? INVOICE_REFUSALS['over-paid'] : null
}

/** "2026-11" of `months` months before the Pacific month of `now`. */
function monthBefore(now: Date, months: number): string {
  const [year, month] = pacificDate(now).split('-').map(Number)
  const at = new Date(Date.UTC(year!, month! - 1 - months, 1))
  return at.toISOString().slice(0, 7)
}

/** Money in and out by Pacific day, from `since` (YYYY-MM-DD) on: one row per succeeded payment and per refund. */
async function movements(db: Db, since: string | null) {
  const day = (column: Expression<Date>) => sql<string>`to_char(${column}, 'YYYY-MM-DD')`
  const payments = db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.lead_id', 'p.lead_id')
    .innerJoin('leads as l', 'l.id', 'p.lead_id')
    .where('p.state', '=', 'succeeded')
  const [paid, refunded] = await Promise.all([
    payments
      .select((eb) => [
        day(eb.ref('p.received_on')).as('day'),
        'p.amount_cents',
        'p.fee_cents',
        'p.method',
        'p.created_at',
      ])
      .select(['i.number', 'i.items', 'l.first_name'])
      .$if(since !== null, (query) => query.where('p.received_on', '>=', sql<Date>`${since}::date`))
      .execute(),
    payments
      .innerJoin('refunds as r', 'r.payment_id', 'p.id')
      .where('r.state', 'in', COUNTED_REFUND_STATES)
      .select((eb) => [day(eb.ref('r.refunded_on')).as('day'), 'r.amount_cents', 'p.method', 'r.created_at'])
      .select(['i.number', 'i.items', 'l.first_name'])
      .$if(since !== null, (query) => query.where('r.refunded_on', '>=', sql<Date>`${since}::date`))
      .execute(),
  ])
  const common = (row: (typeof paid)[number] | (typeof refunded)[number]) => ({
    day: row.day,
    at: row.created_at.getTime(),
    number: row.number ?? 0,
    customer: row.first_name,
    items: (row.items as { description: string }[]).map((item) => item.description).join('; '),
    method: row.method,
  })
  return [
    ...paid.map((row) => ({ ...common(row), amount: row.amount_cents, fee: row.fee_cents, refund: 0 })),
    ...refunded.map((row) => ({ ...common(row), amount: 0, fee: 0, refund: row.amount_cents })),
  ].sort((a, b) => a.day.localeCompare(b.day) || a.at - b.at)
}

/** The "Money" view: paid this Pacific month and the last (gross, fees, refunds, net), and what is unpaid by age. */
export async function moneySummary(db: Db, now: Date, stripe: RuntimeConfig['stripe']) {
  const [thisMonth, lastMonth] = [monthBefore(now, 0), monthBefore(now, 1)]
  const [moved, unpaid, otherWays] = await Promise.all([
    movements(db, `${lastMonth}-01`),
    unpaidInvoices(db, now),
    otherWaysText(db),
  ])
  const month = (name: string) => {
    const rows = moved.filter((row) => row.day.startsWith(name))
    const total = (field: 'amount' | 'fee' | 'refund') => sumCents(rows.map((row) => row[field]))
    const [grossCents, feeCents, refundCents] = [total('amount'), total('fee'), total('refund')]
    const payments = rows.filter((row) => row.amount > 0).length
    return { month: name, grossCents, feeCents, refundCents, netCents: grossCents - feeCents - refundCents, payments }
  }
  const byAge = Object.fromEntries(
    UNPAID_AGES.map((age) => {
      const these = unpaid.filter((invoice) => invoice.age === age)
      return [age, { count: these.length, cents: sumCents(these.map((invoice) => invoice.balanceCents)) }]
    }),
  ) as Record<UnpaidAge, { count: number; cents: number }>
  return {
    thisMonth: month(thisMonth),
    lastMonth: month(lastMonth),
    unpaid: byAge,
    unpaidInvoices: unpaid,
    otherWays,
    // STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set: customers can pay by card.
    cardPayments: Boolean(stripe),
  }
}
export type MoneySummary = Awaited<ReturnType<typeof moneySummary>>

export const MONEY_CSV_COLUMNS = ['date', 'invoice', 'customer', 'items', 'method', 'amount', 'fee', 'refund'] as const
const dollars = (cents: number) => (cents ? centsText(cents, { fixed: true }) : '')

/** For the bookkeeper: every payment and refund, oldest first, dollars with cents, cells quoted as the leads CSV's. */
export async function moneyCsv(db: Db): Promise<string> {
  const rows = (await movements(db, null)).map((row) => [
    row.day,
    String(row.number),
    row.customer,
    row.items,
    PAYMENT_METHOD_LABELS[row.method],
    dollars(row.amount),
    dollars(row.fee),
    dollars(row.refund),
  ])
  return csvText(MONEY_CSV_COLUMNS, rows)
}

export async function moneyCsvResponse(db: Db, now: Date): Promise<Response> {
  return csvDownload(await moneyCsv(db), `money-${pacificDate(now)}.csv`)
}

export const otherWaysText = (db: Db) => readSetting(db, 'payment_other_ways')
export const saveOtherWays = (db: Db, text: string) => writeSetting(db, 'payment_other_ways', text)

/** Whether the pay page offers "Pay by card" for this balance. */
export const cardPayable = (stripe: RuntimeConfig['stripe'], balanceCents: number) =>
  Boolean(stripe) && balanceCents >= CARD_MINIMUM_CENTS
