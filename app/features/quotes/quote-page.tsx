// The customer's quote page (docs/product.md#the-quote-page): the business, the quote, then acceptance as the last
// step; once accepted, the acceptance itself. No site header, chat or notices: nothing here asks another site.
import { site } from '~/content/site'
import { formatCents } from '~/lib/money'
import type { QuotePageRefusal } from '~/features/quotes/quote'
import type { QuotePageView } from '~/features/quotes/quote-page.server'
import { QUOTE_PAGE_TEXTS as T } from '~/features/quotes/quote-texts'
import { QuoteAcceptForm, QuoteChangesForm } from './quote-forms'
import { BusinessPage, NoteAndTerms, ItemTable, Section } from './quote-parts'
import type { ReactNode } from 'react'

type QuotePageDayChoice = { form: ReactNode; below: boolean } | null

export function QuotePage({
  view,
  refusal,
  done,
  dayChoice = null,
}: {
  view: QuotePageView | null
  refusal: QuotePageRefusal | null
  done?: 'accepted' | 'changes'
  /** The day the customer picks after accepting (the schedule feature's form), put in by the route. */
  dayChoice?: QuotePageDayChoice
}) {
  return (
    <BusinessPage>
      {!view ? (
        <>
          <h1 className="text-2xl font-bold">{T.unavailableTitle}</h1>
          <p className="mt-2">{T.unavailable}</p>
        </>
      ) : view.acceptance ? (
        <QuoteAccepted view={view} dayChoice={dayChoice} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">{T.title}</h1>
          <p className="mt-1">{T.greeting(view.firstName)}</p>
          {done === 'changes' && (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-emerald-900">
              {T.changesSent}
            </p>
          )}
          <QuoteAcceptForm view={view} refusal={refusal} />
          <QuoteChangesForm token={view.token} refusal={refusal} />
        </>
      )}
    </BusinessPage>
  )
}

function QuoteAccepted({ view, dayChoice }: { view: QuotePageView; dayChoice: QuotePageDayChoice }) {
  const acceptance = view.acceptance!
  const added = acceptance.items.filter((item) => item.optional)
  return (
    <>
      <h1 className="text-2xl font-bold">{T.acceptedTitle}</h1>
      <div role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-emerald-900">
        <p>{T.accepted(acceptance.name, acceptance.at)}</p>
        {view.job ? (
          <p className="mt-1 font-semibold">{T.scheduled(view.job.day, view.job.start, view.job.end)}</p>
        ) : dayChoice ? (
          !dayChoice.below && dayChoice.form
        ) : (
          <p className="mt-1">{T.acceptedNext}</p>
        )}
      </div>
      {!view.job && dayChoice?.below && dayChoice.form}
      <Section title={T.yourQuote}>
        <ItemTable items={acceptance.items.filter((item) => !item.optional)} />
        {added.length > 0 && (
          <>
            <h3 className="mt-4 font-semibold">{T.chosen}</h3>
            <ItemTable items={added} />
          </>
        )}
        <p className="mt-3 flex justify-between border-t-2 border-slate-300 pt-3 text-lg font-bold">
          <span>{T.total}</span>
          <span className="tabular-nums">{formatCents(acceptance.totalCents)}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">{T.totalIncludes(added.length)}</p>
      </Section>
      <NoteAndTerms note={view.note} terms={view.terms} />
      <p className="mt-6">
        {T.call}{' '}
        <a href={site.phoneHref} className="font-semibold text-brand-800 underline">
          {site.phone}
        </a>
        .
      </p>
    </>
  )
}
