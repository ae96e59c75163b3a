// Invoices as read from the database (docs/decisions/055-invoices-and-payments.md): the one read of a lead's invoice
// with its payments and refunds, and the figures other views take from it. The writes are in invoice-writes.server.ts:
// they queue the reminder template (payments.outbox.server.ts), which reads through this file.
import { expressionBuilder, type ExpressionBuilder } from 'kysely'
import * as v from 'valibot'
import {
  COUNTED_REFUND_STATES,
  invoiceFigures,
  OWNER_INVOICE_TEXTS,
  payLink,
  refundedOf,
  unpaidAge,
  UNPAID_AGES,
  type InvoiceFigures,
  type InvoicePayment,
  type InvoiceRefund,
  type InvoiceState,
  type LeadInvoice,
} from './invoice'
import { messages } from '../../content/messages'
import { formatCents } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import type { DB } from '../../platform/db/schema.gen'
import { sanitizeText } from '../../platform/transport/mail.server'

// Written only from parsed input; read back, they are checked again rather than trusted.
export const storedItems = v.array(
  v.object({ id: v.string(), description: v.string(), cents: v.number(), addedOnSite: v.boolean() }),
)

const isoDay = (day: Date) => day.toISOString().slice(0, 10)

function stateOf(sentAt: Date | null, viewedAt: Date | null, figures: InvoiceFigures): InvoiceState {
  const { paidCents, refundedCents, totalCents } = figures
  if (!sentAt) return 'draft'
  if (paidCents > 0 && refundedCents >= paidCents) return 'refunded'
  if (paidCents > 0) return paidCents >= totalCents ? 'paid' : 'part_paid'
  return viewedAt ? 'viewed' : 'sent'
}

/** Each lead's invoice with its payments and refunds: three reads for the whole list. */
export async function invoicesOf(db: Db, leadIds: string[]): Promise<Map<string, LeadInvoice>> {
  if (leadIds.length === 0) return new Map()
  const [invoices, payments, refunds] = await Promise.all([
    db.selectFrom('invoices').selectAll().where('lead_id', 'in', leadIds).execute(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('lead_id', 'in', leadIds)
      .where('state', '<>', 'failed')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['r.id', 'r.payment_id', 'r.amount_cents', 'r.refunded_on', 'r.state', 'r.failure_reason'])
      .where('p.lead_id', 'in', leadIds)
      .orderBy('r.created_at')
      .execute(),
  ])
  return new Map(
    invoices.map((row) => {
      const paid = payments
        .filter((payment) => payment.lead_id === row.lead_id)
        .map((payment): InvoicePayment => {
          const own = refunds
            .filter((refund) => refund.payment_id === payment.id)
            .map((refund): InvoiceRefund => ({
              id: refund.id,
              amountCents: refund.amount_cents,
              refundedOn: isoDay(refund.refunded_on),
              state: refund.state,
              failureReason: refund.failure_reason,
            }))
          const refundable = payment.state === 'succeeded' ? payment.amount_cents - refundedOf(own) : 0
          return {
            id: payment.id,
            method: payment.method,
            amountCents: payment.amount_cents,
            feeCents: payment.fee_cents,
            state: payment.state,
            receivedOn: isoDay(payment.received_on),
            checkNumber: payment.check_number,
            refunds: own,
            refundableCents: refundable,
          }
        })
      const figures = invoiceFigures(row.total_cents, paid)
      const invoice: LeadInvoice = {
        ...figures,
        state: stateOf(row.sent_at, row.first_viewed_at, figures),
        number: row.number,
        items: v.parse(storedItems, row.items),
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
        firstViewedAt: row.first_viewed_at?.toISOString() ?? null,
        link: row.token && payLink(row.token),
        payments: paid,
      }
      return [row.lead_id, invoice]
    }),
  )
}

export const invoiceOf = async (db: Db, leadId: string) => (await invoicesOf(db, [leadId])).get(leadId) ?? null

/** The inbox's cards get their invoice. */
export async function withInvoices<Lead extends { id: string }>(
  db: Db,
  leads: Lead[],
): Promise<(Lead & { invoice?: LeadInvoice })[]> {
  const invoices = await invoicesOf(
    db,
    leads.map((lead) => lead.id),
  )
  return leads.map((lead) => (invoices.has(lead.id) ? { ...lead, invoice: invoices.get(lead.id)! } : lead))
}

/** The sent invoices with something still due, oldest first: the Money view's and the morning list's. */
export async function unpaidInvoices(db: Db, now: Date) {
  const eb = expressionBuilder<{ p: DB['payments'] }, 'p'>()
  const paid = eb.fn.coalesce(
    eb.fn.sum<number>('p.amount_cents').filterWhere('p.state', 'in', ['succeeded', 'processing']),
    eb.lit(0),
  )
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .leftJoin('payments as p', 'p.lead_id', 'i.lead_id')
    .select(['i.lead_id', 'i.number', 'i.sent_at', 'l.first_name'])
    .select((eb) => eb.cast<number>(eb('i.total_cents', '-', paid), 'integer').as('balance'))
    .where('i.sent_at', 'is not', null)
    .groupBy(['i.lead_id', 'l.first_name'])
    .having((eb) => eb('i.total_cents', '>', paid))
    .orderBy('i.sent_at')
    .execute()
  return rows.map((row) => {
    const days = Math.max(0, Math.floor((now.getTime() - row.sent_at!.getTime()) / 86_400_000))
    return {
      leadId: row.lead_id,
      number: row.number!,
      firstName: row.first_name,
      balanceCents: row.balance,
      days,
      age: unpaidAge(days),
    }
  })
}

/** The morning list's part (decision 066): the invoices with a balance, grouped by how long ago they were sent. */
export async function invoicesDue(db: Db, now: Date) {
  const invoices = await unpaidInvoices(db, now)
  if (invoices.length === 0) return null
  const words = messages.invoicesDue(invoices.length)
  const groups = UNPAID_AGES.flatMap((age) => {
    const these = invoices.filter((invoice) => invoice.age === age)
    if (these.length === 0) return []
    const cents = formatCents(these.reduce((total, invoice) => total + invoice.balanceCents, 0))
    const lines = these.map((invoice) =>
      words.line(invoice.number, sanitizeText(invoice.firstName, 60), formatCents(invoice.balanceCents), invoice.days),
    )
    return [{ heading: words.heading(OWNER_INVOICE_TEXTS.ages[age].toLowerCase(), cents), lines }]
  })
  return { subject: words.subject, groups }
}

/**
 * The money received on a lead's invoice less its refunds, null when none: the Sources view and the Google Ads
 * file count it in place of the job value the owner typed "where there is some" (decision 055).
 */
export function receivedCents(eb: ExpressionBuilder<DB, 'leads'>) {
  const refunded = eb
    .selectFrom('refunds as r')
    .innerJoin('payments as q', 'q.id', 'r.payment_id')
    .whereRef('q.lead_id', '=', 'leads.id')
    .where('r.state', 'in', COUNTED_REFUND_STATES)
    .select((sub) => sub.cast<number>(sub.fn.sum('r.amount_cents'), 'integer').as('cents'))
  return eb
    .selectFrom('payments as p')
    .whereRef('p.lead_id', '=', 'leads.id')
    .where('p.state', '=', 'succeeded')
    .select((sub) =>
      sub
        .fn<number | null>('nullif', [
          sub(sub.cast<number>(sub.fn.sum('p.amount_cents'), 'integer'), '-', sub.fn.coalesce(refunded, sub.lit(0))),
          sub.lit(0),
        ])
        .as('cents'),
    )
}
