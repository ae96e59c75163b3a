// The customer's pay page, minimal (docs/decisions/055-invoices-and-payments.md): the invoice, "Pay $X by card" as a
// plain form posted to this page, and the other ways to pay. The screens' own design replaces this markup.
import { site } from '~/content/site'
import { PAY_FORM_FIELDS, type PayPageView } from '~/lib/payments/invoice'
import { formatCents } from '~/lib/money'

export function PayPage({ view }: { view: PayPageView }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold">
        {site.name}: invoice {view.number}
      </h1>
      <p>
        <a href={site.phoneHref}>{site.phone}</a>
      </p>
      {view.outcome === 'paid' ? (
        <p role="status">Paid, thank you</p>
      ) : view.outcome === 'processing' || view.processing ? (
        <p role="status">Payment processing</p>
      ) : null}
      <ul>
        {view.items.map((item) => (
          <li key={item.id}>
            {item.description}
            {item.addedOnSite ? ' (added on site)' : ''}: {formatCents(item.cents)}
          </li>
        ))}
      </ul>
      <p>Total: {formatCents(view.totalCents)}</p>
      <p>Paid so far: {formatCents(view.paidCents)}</p>
      <p>Balance: {formatCents(view.balanceCents)}</p>
      {view.card && !view.outcome && (
        <form method="post">
          <input type="hidden" name={PAY_FORM_FIELDS.click} value={view.click} />
          <button type="submit">Pay {formatCents(view.balanceCents)} by card</button>
        </form>
      )}
      {view.otherWays && <p className="whitespace-pre-line">{view.otherWays}</p>}
    </main>
  )
}
