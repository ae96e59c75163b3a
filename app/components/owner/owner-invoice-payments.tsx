// A sent invoice's payments on the lead card (docs/decisions/055-invoices-and-payments.md): each with its refunds and
// "Refund" (never above what is left of it: the server checks again), and "Record payment" for money received
// outside Stripe. The amounts are dollars as typed; the server turns them into cents.
import { useHydrated } from '@tanstack/react-router'
import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { centsText } from '~/lib/money'
import type { InboxLead } from '~/lib/owner/owner-lead'
import {
  OWNER_INVOICE_TEXTS as T,
  PAYMENT_METHOD_LABELS,
  RECORDED_METHODS,
  type InvoicePayment,
  type LeadInvoice,
  type RecordedMethod,
} from '~/lib/payments/invoice'
import { recordOwnerPayment, refundOwnerPayment } from '~/lib/payments/payments.functions'
import { OwnerField, ownerInputClass } from './owner-field'
import { useInvoiceWrite } from './owner-leads'

export const smallButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-3 font-semibold text-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:opacity-60'
/** Pacific today: the day field's default and latest day; the server checks it again on its own clock. */
const pacificToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date())
const text = (fields: FormData, name: string) => String(fields.get(name) ?? '')
type RecordPaymentForm = {
  lead: string
  method: RecordedMethod
  amount: string
  receivedOn: string
  checkNumber: string
}

export function OwnerInvoicePayments({ lead, invoice }: { lead: InboxLead; invoice: LeadInvoice }) {
  return (
    <>
      {invoice.payments.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="grid gap-1">
              <span>{T.payment(payment)}</span>
              {payment.refunds.map((refund) => (
                <span key={refund.id}>{T.refunded(refund)}</span>
              ))}
              {payment.refundableCents > 0 && <RefundForm lead={lead} payment={payment} />}
            </li>
          ))}
        </ul>
      )}
      {invoice.balanceCents > 0 && <RecordPayment lead={lead} balanceCents={invoice.balanceCents} />}
    </>
  )
}

function RecordPayment({ lead, balanceCents }: { lead: InboxLead; balanceCents: number }) {
  const id = useId()
  const hydrated = useHydrated()
  const [method, setMethod] = useState<RecordedMethod>('cash')
  const record = useInvoiceWrite(lead, (data: RecordPaymentForm) => recordOwnerPayment({ data }))
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const data = { lead: lead.id, method, amount: text(fields, 'amount'), receivedOn: text(fields, 'receivedOn') }
    record.mutate({ ...data, checkNumber: method === 'check' ? text(fields, 'checkNumber') : '' })
  }
  return (
    <details className="rounded-lg border border-slate-300 p-2">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{T.record}</summary>
      <form method="post" onSubmit={submit} aria-label={T.record} className="grid gap-1">
        <OwnerField
          id={`${id}-method`}
          label={T.method}
          name="method"
          value={method}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => setMethod(event.currentTarget.value as RecordedMethod)}
          options={RECORDED_METHODS.map((value) => [value, PAYMENT_METHOD_LABELS[value]] as const)}
          className={ownerInputClass}
        />
        {method === 'check' && (
          <OwnerField
            id={`${id}-check`}
            label={T.checkNumber}
            name="checkNumber"
            required
            maxLength={40}
            className={ownerInputClass}
          />
        )}
        <OwnerField
          id={`${id}-amount`}
          label={T.amount}
          name="amount"
          required
          inputMode="decimal"
          defaultValue={centsText(balanceCents)}
          className={ownerInputClass}
        />
        <OwnerField
          id={`${id}-day`}
          label={T.day}
          name="receivedOn"
          type="date"
          required
          max={pacificToday()}
          defaultValue={pacificToday()}
          className={ownerInputClass}
        />
        <button type="submit" className={smallButton} disabled={!hydrated || record.isPending}>
          {T.record}
        </button>
        <p role="status" className="text-sm empty:hidden">
          {record.message}
        </p>
      </form>
    </details>
  )
}

function RefundForm({ lead, payment }: { lead: InboxLead; payment: InvoicePayment }) {
  const id = useId()
  const hydrated = useHydrated()
  const refund = useInvoiceWrite(lead, (amount: string) =>
    refundOwnerPayment({ data: { payment: payment.id, amount } }),
  )
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    refund.mutate(text(new FormData(event.currentTarget), 'amount'))
  }
  return (
    <details className="rounded-lg border border-slate-300 p-2">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{T.refund}</summary>
      <form method="post" onSubmit={submit} aria-label={T.refund} className="grid gap-1">
        <OwnerField
          id={`${id}-refund`}
          label={T.refundAmount(payment.refundableCents)}
          name="amount"
          required
          inputMode="decimal"
          defaultValue={centsText(payment.refundableCents)}
          className={ownerInputClass}
        />
        <button type="submit" className={smallButton} disabled={!hydrated || refund.isPending}>
          {T.refund}
        </button>
        <p role="status" className="text-sm empty:hidden">
          {refund.message}
        </p>
      </form>
    </details>
  )
}
