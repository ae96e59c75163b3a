// Invoices in the database (docs/decisions/055-invoices-and-payments.md): the one read of a lead's invoice with its
// payments, and the owner's writes as transactions that lock the lead's row first, then the invoice's (lockInvoice),
// as app/server/quotes/ does: two writers wait for each other and the second sees what the first committed.
import { randomBytes } from 'node:crypto'
import { sql, type Insertable } from 'kysely'
import * as v from 'valibot'
import type { InboxLead } from '../owner/owner-lead'
import {
  COUNTED_REFUND_STATES,
  INVOICE_MOST_CENTS,
  INVOICE_MOST_LINES,
  payLink,
  refundCounts,
  unpaidAge,
  type InvoiceRefusal,
  type UnpaidInvoice,
  type InvoiceFigures,
  type InvoiceItem,
  type InvoicePayment,
  type InvoiceRefund,
  type InvoiceState,
  type LeadInvoice,
} from './invoice'
import { sumCents } from '../../lib/money'
import type { Backend } from '../../platform/backend.server'
import { businessMinutesLater } from '../../platform/time/business-hours.server'
import type { Db } from '../../platform/db/database.server'
import type { DB } from '../../platform/db/schema.gen'
import { dropQueued, enqueue } from '../../platform/outbox/enqueue.server'

/** A refusal (its words are INVOICE_REFUSALS'), or the invoice as it stands after the write. */
export type InvoiceWriteResult = LeadInvoice | InvoiceRefusal

// Written only from parsed input; read back, they are checked again rather than trusted.
const storedItems = v.array(
  v.object({ id: v.string(), description: v.string(), cents: v.number(), addedOnSite: v.boolean() }),
)
const quoteItems = v.array(v.object({ id: v.string(), description: v.string(), cents: v.number() }))
/** Days after sending that the customer is reminded, within opening hours; never once the balance is 0. */
export const REMINDER_DAYS = [3, 10] as const

const isoDay = (day: Date) => day.toISOString().slice(0, 10)

/** What of a payment's refunds was given back: a failed or canceled one came back to the account. */
const refundedOf = (refunds: InvoiceRefund[]) =>
  sumCents(refunds.filter((refund) => refundCounts(refund.state)).map((refund) => refund.amountCents))

/** The sums of an invoice (see InvoiceFigures): failed payments and refunds count for nothing. */
export function invoiceFigures(
  totalCents: number,
  payments: Pick<InvoicePayment, 'state' | 'amountCents' | 'refunds'>[],
) {
  const amounts = (state: string) => sumCents(payments.filter((p) => p.state === state).map((p) => p.amountCents))
  const [paidCents, processingCents] = [amounts('succeeded'), amounts('processing')]
  const refundedCents = sumCents(payments.map((payment) => refundedOf(payment.refunds)))
  return {
    totalCents,
    paidCents,
    refundedCents,
    processingCents,
    balanceCents: Math.max(0, totalCents - paidCents - processingCents),
    overpaidCents: Math.max(0, paidCents - refundedCents - totalCents),
  } satisfies InvoiceFigures
}

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
export async function withInvoices(db: Db, leads: InboxLead[]): Promise<InboxLead[]> {
  const invoices = await invoicesOf(
    db,
    leads.map((lead) => lead.id),
  )
  return leads.map((lead) => (invoices.has(lead.id) ? { ...lead, invoice: invoices.get(lead.id)! } : lead))
}

/** A refund recorded once (Stripe's refund id keeps a repeat out), and what it sets off if given back, due at `now`. */
export async function addRefund(tx: Db, leadId: string, refund: Insertable<DB['refunds']>, now: Date) {
  const inserted = await tx
    .insertInto('refunds')
    .values(refund)
    .onConflict((conflict) => conflict.column('stripe_refund').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted && refundCounts(refund.state ?? 'succeeded')) await moneyMoved(tx, leadId, { refund: inserted.id }, now)
}

/** Locks the lead's row, then its invoice's (see the header): the lead's status and the invoice as it stands. */
export async function lockInvoice(tx: Db, leadId: string) {
  const lead = await tx.selectFrom('leads').select('status').where('id', '=', leadId).forUpdate().executeTakeFirst()
  const invoice =
    lead && (await tx.selectFrom('invoices').selectAll().where('lead_id', '=', leadId).forUpdate().executeTakeFirst())
  const live = lead && lead.status !== 'suspected_spam' && lead.status !== 'archived'
  return { live, invoice: invoice ? { ...invoice, items: v.parse(storedItems, invoice.items) } : null }
}

/** The write in a transaction after lockInvoice; its answer, or the invoice as committed. */
export async function writeInvoice(
  db: Db,
  leadId: string,
  change: (tx: Db, invoice: NonNullable<Awaited<ReturnType<typeof lockInvoice>>['invoice']>) => Promise<string | void>,
): Promise<InvoiceWriteResult> {
  const refused = await db.transaction().execute(async (tx) => {
    const { live, invoice } = await lockInvoice(tx, leadId)
    if (!live) return 'no-lead'
    if (!invoice) return 'no-invoice'
    return change(tx, invoice)
  })
  return (refused as InvoiceWriteResult | undefined) ?? (await invoiceOf(db, leadId)) ?? 'no-invoice'
}

/** "Job done": a draft of the accepted quote's items (the required ones and the options chosen), once. */
export async function markJobDone(db: Db, leadId: string): Promise<InvoiceWriteResult> {
  const refused = await db.transaction().execute(async (tx) => {
    const { live, invoice } = await lockInvoice(tx, leadId)
    if (!live) return 'no-lead'
    if (invoice) return undefined
    const quote = await tx
      .selectFrom('quotes')
      .select('accepted_items')
      .where('lead_id', '=', leadId)
      .where('accepted_at', 'is not', null)
      .executeTakeFirst()
    if (!quote) return 'not-accepted'
    const items: InvoiceItem[] = v
      .parse(quoteItems, quote.accepted_items)
      .map(({ id, description, cents }) => ({ id, description, cents, addedOnSite: false }))
    const total = sumCents(items.map((item) => item.cents))
    await tx
      .insertInto('invoices')
      .values({ lead_id: leadId, items: JSON.stringify(items), total_cents: total })
      .execute()
    return undefined
  })
  return refused ?? (await invoiceOf(db, leadId)) ?? 'no-invoice'
}

async function saveItems(tx: Db, leadId: string, items: InvoiceItem[]) {
  await tx
    .updateTable('invoices')
    .set({ items: JSON.stringify(items), total_cents: sumCents(items.map((item) => item.cents)) })
    .where('lead_id', '=', leadId)
    .execute()
}

/** A line "added on site" (a1, a2…), while a draft. */
export function addInvoiceLine(db: Db, leadId: string, line: { description: string; cents: number }) {
  return writeInvoice(db, leadId, async (tx, invoice) => {
    if (invoice.sent_at) return 'sent'
    const { items } = invoice
    if (items.length >= INVOICE_MOST_LINES) return 'too-many-lines'
    if (invoice.total_cents + line.cents > INVOICE_MOST_CENTS) return 'too-much'
    const added = items.filter((item) => item.addedOnSite).map((item) => Number(item.id.slice(1)))
    const id = `a${Math.max(0, ...added) + 1}`
    await saveItems(tx, leadId, [...items, { id, ...line, addedOnSite: true }])
  })
}

/** Any line, quoted or added, while a draft. */
export function removeInvoiceLine(db: Db, leadId: string, lineId: string) {
  return writeInvoice(db, leadId, async (tx, invoice) => {
    if (invoice.sent_at) return 'sent'
    if (!invoice.items.some((item) => item.id === lineId)) return 'no-line'
    await saveItems(
      tx,
      leadId,
      invoice.items.filter((item) => item.id !== lineId),
    )
  })
}

/**
 * "Send invoice": the next number from the counter row, locked until this commits (no gap, no repeat, across
 * instances), the pay link's token, the e-mail and the two reminders. A sent invoice answers as it stands.
 */
export async function sendInvoice(backend: Backend, leadId: string): Promise<InvoiceWriteResult> {
  const db = await backend.db()
  const sentAt = backend.now()
  const result = await writeInvoice(db, leadId, async (tx, invoice) => {
    if (invoice.sent_at) return
    if (invoice.items.length === 0 || invoice.total_cents === 0) return 'empty'
    const { last_number: number } = await tx
      .insertInto('invoice_counter')
      .values({ id: true, last_number: 1 })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ last_number: eb('invoice_counter.last_number', '+', 1) })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow()
    const token = randomBytes(24).toString('base64url')
    await tx.updateTable('invoices').set({ number, token, sent_at: sentAt }).where('lead_id', '=', leadId).execute()
    await enqueue(tx, 'invoice_sent', { leadId, payload: { number }, dueAt: sentAt })
    for (const days of REMINDER_DAYS) {
      const dueAt = businessMinutesLater(new Date(sentAt.getTime() + days * 86_400_000), 0)
      await enqueue(tx, 'invoice_reminder', { leadId, key: `day-${days}`, payload: { days }, dueAt })
    }
  })
  backend.deliverSoon()
  return result
}

/**
 * In the transaction of a new payment or refund: the lead's last contact moves (retention counts from it), the
 * customer's receipt is queued (one per payment or refund: its id is the outbox key) due at `now` (the backend's
 * clock), with the owner's push for a payment, and the reminders go once nothing is due. A Stripe refund that failed
 * or was canceled gets the owner's push alone: the money is back in his account, and he has the customer to call.
 */
export async function moneyMoved(
  tx: Db,
  leadId: string,
  moved: { payment: string; push: boolean } | { refund: string } | { refundUndone: string; push: boolean },
  now: Date,
): Promise<void> {
  await tx
    .updateTable('leads')
    .set({ last_contact_at: sql`now()` })
    .where('id', '=', leadId)
    .execute()
  if ('refundUndone' in moved) {
    const key = moved.refundUndone
    if (moved.push) await enqueue(tx, 'refund_undone_push', { leadId, key, payload: { refund: key }, dueAt: now })
    return
  }
  if ('refund' in moved) {
    await enqueue(tx, 'refund_receipt', { leadId, key: moved.refund, payload: { refund: moved.refund }, dueAt: now })
    return
  }
  const payload = { payment: moved.payment }
  await enqueue(tx, 'payment_receipt', { leadId, key: moved.payment, payload, dueAt: now })
  if (moved.push) await enqueue(tx, 'payment_push', { leadId, key: moved.payment, payload, dueAt: now })
  if ((await invoiceOf(tx, leadId))?.balanceCents === 0) await dropQueued(tx, leadId, ['invoice_reminder'])
}

/** The sent invoices with something still due, oldest first: the Money view's and the morning list's. */
export async function unpaidInvoices(db: Db, now: Date): Promise<UnpaidInvoice[]> {
  const paid = sql<number>`coalesce(sum(p.amount_cents) FILTER (WHERE p.state IN ('succeeded', 'processing')), 0)`
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .leftJoin('payments as p', 'p.lead_id', 'i.lead_id')
    .select(['i.lead_id', 'i.number', 'i.sent_at', 'l.first_name'])
    .select(sql<number>`(i.total_cents - ${paid})::int`.as('balance'))
    .where('i.sent_at', 'is not', null)
    .groupBy(['i.lead_id', 'l.first_name'])
    .having(sql<boolean>`i.total_cents > ${paid}`)
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

/**
 * The money received on a lead's invoice less its refunds, null when none: the Sources view and the Google Ads
 * file count it in place of the job value the owner typed "where there is some" (decision 055).
 */
export const receivedCents = (lead: 'leads.id') =>
  sql<number | null>`(SELECT nullif(sum(p.amount_cents)::int - coalesce((SELECT sum(r.amount_cents)::int FROM refunds r
    JOIN payments q ON q.id = r.payment_id WHERE q.lead_id = ${sql.ref(lead)}
    AND r.state IN (${sql.join(COUNTED_REFUND_STATES)})), 0), 0)
    FROM payments p WHERE p.lead_id = ${sql.ref(lead)} AND p.state = 'succeeded')`
