// A lead card's invoice (docs/decisions/055-invoices-and-payments.md): "Job done" on an accepted job, the draft's
// lines (remove one, add one "added on site"), "Send invoice" and "Text the link", then its state and payments.
// Loaded only on a card whose quote was accepted, so the inbox's first load stays as it was.
import { useHydrated } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import { smsHref } from '~/content/site'
import { formatCents } from '~/lib/money'
import { OWNER_INVOICE_TEXTS as T, type LeadInvoice } from '~/features/payments/invoice'
import {
  addOwnerInvoiceLine,
  markOwnerJobDone,
  removeOwnerInvoiceLine,
  sendOwnerInvoice,
} from '~/features/payments/payments.functions'
import { OwnerField, ownerMarkClass, ownerOutlineClass, WriteStatus } from '~/components/owner/owner-field'
import { OwnerInvoicePayments } from './owner-invoice-payments'
import { useInvoiceWrite, type InvoicedLead } from './invoice-write'
import { ownerButtonClass } from '~/components/owner/owner-shell'

export default function OwnerLeadInvoice({ lead }: { lead: InvoicedLead }) {
  const hydrated = useHydrated()
  const done = useInvoiceWrite(lead, () => markOwnerJobDone({ data: { lead: lead.id } }))
  const invoice = lead.invoice
  if (!invoice)
    return (
      <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3">
        <button
          type="button"
          name="job-done"
          className={ownerButtonClass}
          disabled={!hydrated || done.isPending}
          onClick={() => done.mutate(undefined)}
        >
          {T.jobDone}
        </button>
        <WriteStatus>{done.message}</WriteStatus>
      </div>
    )
  return (
    <section aria-label={T.state(invoice)} className="mt-3 grid gap-2 border-t border-slate-200 pt-3">
      <p className="font-semibold">
        <strong className={invoice.state === 'paid' ? 'text-green-800' : ''}>{T.state(invoice)}</strong>
      </p>
      <p className="text-sm">{T.figures(invoice)}</p>
      {invoice.processingCents > 0 && <p className={ownerMarkClass}>{T.processing(invoice.processingCents)}</p>}
      {invoice.overpaidCents > 0 && <strong className={ownerMarkClass}>{T.overpaid(invoice.overpaidCents)}</strong>}
      {invoice.state === 'draft' ? (
        <InvoiceDraft lead={lead} invoice={invoice} />
      ) : (
        <InvoiceSent lead={lead} invoice={invoice} />
      )}
    </section>
  )
}

function InvoiceDraft({ lead, invoice }: { lead: InvoicedLead; invoice: LeadInvoice }) {
  const id = useId()
  const hydrated = useHydrated()
  const remove = useInvoiceWrite(lead, (line: string) => removeOwnerInvoiceLine({ data: { lead: lead.id, line } }))
  const add = useInvoiceWrite(lead, (line: { description: string; price: string }) =>
    addOwnerInvoiceLine({ data: { lead: lead.id, ...line } }),
  )
  const send = useInvoiceWrite(lead, () => sendOwnerInvoice({ data: { lead: lead.id } }))
  const busy = !hydrated || remove.isPending || add.isPending || send.isPending
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const fields = new FormData(form)
    add.mutate(
      { description: String(fields.get('description') ?? ''), price: String(fields.get('price') ?? '') },
      { onSuccess: () => form.reset() },
    )
  }
  return (
    <>
      <ul className="grid gap-1">
        {invoice.items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-2">
            <span>
              {item.description}
              {item.addedOnSite && <em className="text-sm"> ({T.addedOnSite})</em>}: {formatCents(item.cents)}
            </span>
            <button
              type="button"
              className={ownerOutlineClass}
              disabled={busy}
              aria-label={T.remove(item.description)}
              onClick={() => remove.mutate(item.id)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <form method="post" onSubmit={submit} aria-label={T.addLine} className="grid gap-1">
        <OwnerField id={`${id}-description`} label={T.description} name="description" required maxLength={200} />
        <OwnerField id={`${id}-price`} label={T.price} name="price" required inputMode="decimal" />
        <button type="submit" className={ownerOutlineClass} disabled={busy}>
          {T.add}
        </button>
      </form>
      <button
        type="button"
        name="send-invoice"
        className={ownerButtonClass}
        disabled={busy}
        onClick={() => send.mutate(undefined)}
      >
        {T.send}
      </button>
      <WriteStatus>{remove.message || add.message || send.message}</WriteStatus>
    </>
  )
}

function InvoiceSent({ lead, invoice }: { lead: InvoicedLead; invoice: LeadInvoice }) {
  return (
    <>
      <ul className="grid gap-1 text-sm">
        {invoice.items.map((item) => (
          <li key={item.id}>
            {item.description}
            {item.addedOnSite && <em> ({T.addedOnSite})</em>}: {formatCents(item.cents)}
          </li>
        ))}
      </ul>
      {invoice.link && invoice.balanceCents > 0 && (
        <a href={smsHref(lead.phone, T.textBody(lead.firstName, invoice.link))} className={ownerOutlineClass}>
          {T.text}
        </a>
      )}
      <OwnerInvoicePayments lead={lead} invoice={invoice} />
    </>
  )
}
