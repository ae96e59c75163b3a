// The customer's pay page (docs/decisions/055-invoices-and-payments.md): the business, the invoice's lines (those
// added on site marked), the owner's photos of the job, what is paid and due, "Pay $X by card" as a plain form
// posted to this page (answered 303 to Stripe's page), and the other ways to pay. No site header, chat or notices.
import { BusinessPage, ItemTable, Paragraphs, Section } from '~/features/quotes'
import { postedWorkImage } from '~/components/shared/shown-photo'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { site } from '~/content/site'
import { formatCents } from '~/lib/money'
import { PAY_FORM_FIELDS, PAY_PAGE_TEXTS } from '~/features/payments/invoice'
import type { PayPageView } from '~/features/payments/pay-page.server'

export function PayPage({ view }: { view: PayPageView }) {
  const status =
    view.outcome === 'paid'
      ? 'Paid, thank you'
      : view.outcome === 'processing' || view.processing
        ? 'Payment processing'
        : null
  // What went wrong and what to do, with the card offered again below.
  const trouble = view.cardUnavailable
    ? PAY_PAGE_TEXTS.cardUnavailable
    : view.outcome === 'failed'
      ? PAY_PAGE_TEXTS.failed
      : null
  const offered = !view.processing && (view.outcome === null || view.outcome === 'failed')
  return (
    <BusinessPage>
      <h1 className="text-2xl font-bold">
        Invoice {view.number} from {site.name}
      </h1>
      <p className="mt-1">Hi {view.firstName}, thank you for your business.</p>
      {status && (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
          {status}
        </p>
      )}
      {trouble && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          <WithPhoneLink text={trouble} />
        </p>
      )}
      <Section title="Your job">
        <ItemTable items={view.items} marked={(item) => (item.addedOnSite ? ' (added on site)' : '')} />
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 border-t-2 border-slate-400 pt-2 tabular-nums">
          <dt>Total</dt>
          <dd className="text-right">{formatCents(view.totalCents)}</dd>
          <dt>Paid so far</dt>
          <dd className="text-right">{formatCents(view.paidCents)}</dd>
          <dt className="font-bold">Balance</dt>
          <dd className="text-right font-bold">{formatCents(view.balanceCents)}</dd>
        </dl>
        {view.card && offered && (
          <form method="post" className="mt-4">
            <input type="hidden" name={PAY_FORM_FIELDS.click} value={view.click} />
            <button
              type="submit"
              className="min-h-11 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
            >
              Pay {formatCents(view.balanceCents)} by card
            </button>
          </form>
        )}
      </Section>
      {view.photos.length > 0 && (
        <Section title="Before and after">
          <ul className="mt-2 grid gap-3">
            {view.photos.map((photo) => (
              <li key={photo.id}>
                <ResponsiveImage
                  name={postedWorkImage(photo)}
                  alt={photo.alt}
                  sizes="(min-width: 42rem) 40rem, 100vw"
                  className="h-auto w-full rounded-lg"
                />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {view.otherWays && view.balanceCents > 0 && (
        <Section title="Other ways to pay">
          <Paragraphs text={view.otherWays} />
        </Section>
      )}
    </BusinessPage>
  )
}

/** The text with the business's phone as a link to call, where the text names it. */
function WithPhoneLink({ text }: { text: string }) {
  const [before, after] = text.split(site.phone)
  if (after === undefined) return text
  return (
    <>
      {before}
      <a href={site.phoneHref} className="underline">
        {site.phone}
      </a>
      {after}
    </>
  )
}
