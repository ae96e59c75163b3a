// A sent invoice's payments on the lead card (docs/decisions/055-invoices-and-payments.md): each with its refunds and
// "Refund" (never above what is left of it: the server checks again), and "Record payment" for money received
// outside Stripe. The amounts are dollars as typed; the server turns them into cents.
import { useHydrated } from '@tanstack/react-router'
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import type { InferInput } from 'valibot'
import { centsText } from '~/lib/money'
import {
  OWNER_INVOICE_TEXTS as T,
  PAYMENT_METHOD_LABELS,
  RECORDED_METHODS,
  refundCounts,
  type InvoicePayment,
  type LeadInvoice,
  type RecordedMethod,
} from '~/features/payments/invoice'
import { earliestPaymentDay, type recordPaymentSchema } from '~/features/payments/invoice-schema'
import { recordOwnerPayment, refundOwnerPayment } from '~/features/payments/payments.functions'
import {
  OwnerField,
  ownerMarkClass,
  ownerOutlineClass,
  pacificToday,
  WriteStatus,
} from '~/components/owner/owner-field'
import { shownValue } from '~/components/ui/shown-value'
import { useInvoiceWrite, type InvoicedLead } from './invoice-write'

const text = (fields: FormData, name: string) => String(fields.get(name) ?? '')

export function OwnerInvoicePayments({ lead, invoice }: { lead: InvoicedLead; invoice: LeadInvoice }) {
  return (
    <>
      {invoice.payments.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="grid gap-1">
              <span>{T.payment(payment)}</span>
              {payment.refunds.map((refund) =>
                refundCounts(refund.state) ? (
                  <span key={refund.id}>{T.refunded(refund)}</span>
                ) : (
                  <strong key={refund.id} className={ownerMarkClass}>
                    {T.refunded(refund)}
                  </strong>
                ),
              )}
              {payment.refundableCents > 0 && <RefundForm lead={lead} payment={payment} />}
            </li>
          ))}
        </ul>
      )}
      {invoice.balanceCents > 0 && <RecordPayment lead={lead} balanceCents={invoice.balanceCents} />}
    </>
  )
}

function RecordPayment({ lead, balanceCents }: { lead: InvoicedLead; balanceCents: number }) {
  const id = useId()
  const [method, setMethod] = useState<RecordedMethod>('cash')
  // A method chosen before the scripts ran stays on screen; React saw no change event for it.
  useEffect(() => setMethod((method) => shownValue(`${id}-method`, method)), [id])
  const record = useInvoiceWrite(lead, (data: InferInput<typeof recordPaymentSchema>) => recordOwnerPayment({ data }))
  function submit(fields: FormData) {
    const data = { lead: lead.id, method, amount: text(fields, 'amount'), receivedOn: text(fields, 'receivedOn') }
    record.mutate({ ...data, checkNumber: method === 'check' ? text(fields, 'checkNumber') : '' })
  }
  return (
    <FoldedForm label={T.record} send={submit} write={record}>
      <OwnerField
        id={`${id}-method`}
        label={T.method}
        name="method"
        value={method}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => setMethod(event.currentTarget.value as RecordedMethod)}
        options={RECORDED_METHODS.map((value) => [value, PAYMENT_METHOD_LABELS[value]] as const)}
      />
      {method === 'check' && (
        <OwnerField id={`${id}-check`} label={T.checkNumber} name="checkNumber" required maxLength={40} />
      )}
      <OwnerField
        id={`${id}-amount`}
        label={T.amount}
        name="amount"
        required
        inputMode="decimal"
        defaultValue={centsText(balanceCents)}
      />
      <OwnerField
        id={`${id}-day`}
        label={T.day}
        name="receivedOn"
        type="date"
        required
        min={earliestPaymentDay(pacificToday())}
        max={pacificToday()}
        defaultValue={pacificToday()}
      />
    </FoldedForm>
  )
}

function RefundForm({ lead, payment }: { lead: InvoicedLead; payment: InvoicePayment }) {
  const id = useId()
  const refund = useInvoiceWrite(lead, (amount: string) =>
    refundOwnerPayment({ data: { payment: payment.id, amount } }),
  )
  return (
    <FoldedForm label={T.refund} send={(fields) => refund.mutate(text(fields, 'amount'))} write={refund}>
      <OwnerField
        id={`${id}-refund`}
        label={T.refundAmount(payment.refundableCents)}
        name="amount"
        required
        inputMode="decimal"
        defaultValue={centsText(payment.refundableCents)}
      />
    </FoldedForm>
  )
}

/** A write folded under its name until the owner opens it; the name is also its button. `send` gets its fields. */
function FoldedForm({
  label,
  send,
  write,
  children,
}: {
  label: string
  send: (fields: FormData) => void
  write: { isPending: boolean; message: string }
  children: ReactNode
}) {
  const hydrated = useHydrated()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    send(new FormData(event.currentTarget))
  }
  return (
    <details className="rounded-lg border border-slate-300 p-2">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{label}</summary>
      <form method="post" onSubmit={submit} aria-label={label} className="grid gap-1">
        {children}
        <button type="submit" className={ownerOutlineClass} disabled={!hydrated || write.isPending}>
          {label}
        </button>
        <WriteStatus>{write.message}</WriteStatus>
      </form>
    </details>
  )
}
