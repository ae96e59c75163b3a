// The owner's invoice writes and what a payment or refund sets off (docs/decisions/055-invoices-and-payments.md):
// transactions that lock the lead's row first, then the invoice's (lockInvoice), as the quotes' writes do, so two
// writers wait for each other and the second sees what the first committed. Each queues its messages as it commits.
import { randomBytes } from 'node:crypto'
import type { Insertable } from 'kysely'
import * as v from 'valibot'
import { sumCents } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import type { DB } from '../../platform/db/schema.gen'
import { customerMail, dropQueued, enqueue, ownerPush } from '../../platform/outbox/outbox.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { businessMinutesLater } from '../../platform/time/business-hours.server'
import {
  INVOICE_MOST_CENTS,
  INVOICE_MOST_LINES,
  INVOICE_REFUSALS,
  refundCounts,
  type InvoiceItem,
  type InvoiceRefusal,
  type LeadInvoice,
} from './invoice'
import { invoiceOf, storedItems } from './invoices.server'
import {
  invoiceSentMail,
  paymentPush,
  paymentReceiptMail,
  refundReceiptMail,
  refundUndonePush,
} from './payment-mail.server'
import { invoiceReminder, REMINDER_DAYS } from './payments.outbox.server'
import { quoteOf } from '../quotes/index.server'
import { leadCustomer } from '../leads/index.server'

/** A refusal with its status and words, or the invoice as it stands after the write. */
export type InvoiceWriteResult = LeadInvoice | InvoiceRefusal

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

type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>['invoice']>

/**
 * A write in a transaction after lockInvoice, on a live lead's invoice or the lack of one; its refusal, or the
 * invoice as committed. What it queued is sent at once.
 */
async function lockedWrite(
  db: Db,
  leadId: string,
  change: (tx: Db, invoice: LockedInvoice | null) => Promise<InvoiceRefusal | void>,
): Promise<InvoiceWriteResult> {
  const refused = await db.transaction().execute(async (tx) => {
    const { live, invoice } = await lockInvoice(tx, leadId)
    return live ? change(tx, invoice) : INVOICE_REFUSALS['no-lead']
  })
  deliverSoon()
  return refused ?? (await invoiceOf(db, leadId)) ?? INVOICE_REFUSALS['no-invoice']
}

/** lockedWrite where the invoice must exist: without one, "Tap "Job done" first". */
export const writeInvoice = (
  db: Db,
  leadId: string,
  change: (tx: Db, invoice: LockedInvoice) => Promise<InvoiceRefusal | void>,
) => lockedWrite(db, leadId, async (tx, invoice) => (invoice ? change(tx, invoice) : INVOICE_REFUSALS['no-invoice']))

/** "Job done": a draft of the accepted quote's items (the required ones and the options chosen), once. */
export function markJobDone(db: Db, leadId: string): Promise<InvoiceWriteResult> {
  return lockedWrite(db, leadId, async (tx, invoice) => {
    if (invoice) return
    const acceptance = (await quoteOf(tx, leadId))?.acceptance
    if (!acceptance) return INVOICE_REFUSALS['not-accepted']
    const items: InvoiceItem[] = acceptance.items.map(({ optional: _, ...item }) => ({ ...item, addedOnSite: false }))
    const total = sumCents(items.map((item) => item.cents))
    await tx
      .insertInto('invoices')
      .values({ lead_id: leadId, items: JSON.stringify(items), total_cents: total })
      .execute()
  })
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
    if (invoice.sent_at) return INVOICE_REFUSALS.sent
    const { items } = invoice
    if (items.length >= INVOICE_MOST_LINES) return INVOICE_REFUSALS['too-many-lines']
    if (invoice.total_cents + line.cents > INVOICE_MOST_CENTS) return INVOICE_REFUSALS['too-much']
    const added = items.filter((item) => item.addedOnSite).map((item) => Number(item.id.slice(1)))
    const id = `a${Math.max(0, ...added) + 1}`
    await saveItems(tx, leadId, [...items, { id, ...line, addedOnSite: true }])
  })
}

/** Any line, quoted or added, while a draft. */
export function removeInvoiceLine(db: Db, leadId: string, lineId: string) {
  return writeInvoice(db, leadId, async (tx, invoice) => {
    if (invoice.sent_at) return INVOICE_REFUSALS.sent
    if (!invoice.items.some((item) => item.id === lineId)) return INVOICE_REFUSALS['no-line']
    await saveItems(
      tx,
      leadId,
      invoice.items.filter((item) => item.id !== lineId),
    )
  })
}

/**
 * "Send invoice": the next number from the counter row, locked until this commits (no gap, no repeat, across
 * instances), the pay link's token, the e-mail and the two reminders, due by `now`. A sent invoice answers as it
 * stands.
 */
export function sendInvoice(db: Db, leadId: string, now: Date): Promise<InvoiceWriteResult> {
  return writeInvoice(db, leadId, async (tx, invoice) => {
    if (invoice.sent_at) return
    if (invoice.items.length === 0 || invoice.total_cents === 0) return INVOICE_REFUSALS.empty
    const { last_number: number } = await tx
      .insertInto('invoice_counter')
      .values({ id: true, last_number: 1 })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ last_number: eb('invoice_counter.last_number', '+', 1) })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow()
    const token = randomBytes(24).toString('base64url')
    await tx.updateTable('invoices').set({ number, token, sent_at: now }).where('lead_id', '=', leadId).execute()
    const [customer, sent] = await Promise.all([leadCustomer(tx, leadId), invoiceOf(tx, leadId)])
    const mail = customer && sent && invoiceSentMail(customer, sent)
    if (mail) await enqueue(tx, customerMail, mail, { leadId, key: 'invoice-sent', dueAt: now })
    for (const days of REMINDER_DAYS) {
      const dueAt = businessMinutesLater(new Date(now.getTime() + days * 86_400_000), 0)
      await enqueue(tx, invoiceReminder, { days }, { leadId, key: `day-${days}`, dueAt })
    }
  })
}

/** What moved: a payment (with the owner's push while alerts are on), a refund given, or one Stripe undid. */
export type MoneyMove =
  { payment: string; push: boolean } | { refund: string } | { refundUndone: string; push: boolean }

const WHEN_PAID = new Map<string, (tx: Db, leadId: string, now: Date) => Promise<void>>()

/**
 * What another feature does in the transaction where a lead's invoice became paid in full (its row locked), set by
 * that feature's outbox module, which the server loads at start (decision 066). Named: a reload replaces it.
 */
export function whenInvoicePaid(name: string, paid: (tx: Db, leadId: string, now: Date) => Promise<void>): void {
  WHEN_PAID.set(name, paid)
}

/**
 * In the transaction of a new payment or refund: the lead's last contact moves (retention counts from it), the
 * customer's receipt is queued (one per payment or refund: its id is in the outbox key) due at `now`, with the
 * owner's push for a payment, and the reminders go once nothing is due. A Stripe refund that failed or was canceled
 * gets the owner's push alone: the money is back in his account, and he has the customer to call.
 */
export async function moneyMoved(tx: Db, leadId: string, moved: MoneyMove, now: Date): Promise<void> {
  await tx.updateTable('leads').set({ last_contact_at: now }).where('id', '=', leadId).execute()
  const [customer, invoice] = await Promise.all([leadCustomer(tx, leadId), invoiceOf(tx, leadId)])
  if (!customer || !invoice) return
  const due = { leadId, dueAt: now }
  if ('refundUndone' in moved) {
    const id = moved.refundUndone
    // Its receipt, if still queued, would tell of money the customer never got.
    await dropQueued(tx, leadId, [customerMail], [`refund-${id}`])
    const push = moved.push && refundUndonePush(customer, invoice, id)
    if (push) await enqueue(tx, ownerPush, push, { ...due, key: `refund-undone-${id}` })
    return
  }
  if ('refund' in moved) {
    const mail = refundReceiptMail(customer, invoice, moved.refund)
    if (mail) await enqueue(tx, customerMail, mail, { ...due, key: `refund-${moved.refund}` })
    return
  }
  const mail = paymentReceiptMail(customer, invoice, moved.payment)
  if (mail) await enqueue(tx, customerMail, mail, { ...due, key: `receipt-${moved.payment}` })
  const push = moved.push && paymentPush(customer, invoice, moved.payment)
  if (push) await enqueue(tx, ownerPush, push, { ...due, key: `payment-push-${moved.payment}` })
  if (invoice.balanceCents === 0) {
    await dropQueued(tx, leadId, [invoiceReminder])
    for (const paid of WHEN_PAID.values()) await paid(tx, leadId, now)
  }
}
