import { Suspense, useId } from 'react'
import { claims } from '~/content/site'
import { lazyWhenIdle } from '~/lib/lazy-when-idle'
import { QUOTE_FORM_CLASS } from '~/lib/scroll'

/**
 * The interactive form is a separate chunk. The server renders it in full; in the browser it loads
 * when the page is idle, so it does not weigh on the first load. Until then the server's markup is
 * usable: typing is kept, and a submit posts to /quote-request, which stores the lead the same way.
 */
const QuoteFormFields = lazyWhenIdle(() => import('./quote-form-fields').then((module) => module.default))

export interface QuoteFormProps {
  /** Per-page title, e.g. "Get a Free Roof Cleaning Quote". */
  title?: string
  description?: string
}

/** The quote request form: the one place the site turns a visitor into a lead. */
export function QuoteForm({
  title = 'Get Your Free Quote',
  description = `Tell us how to reach you and we'll reply within ${claims.replyWithin}.`,
}: QuoteFormProps) {
  const headingId = `${useId()}-heading`
  return (
    <section
      aria-labelledby={headingId}
      className={`${QUOTE_FORM_CLASS} scroll-mt-24 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8`}
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{description}</p>
      {/* Shown only when the page is reached in the browser before the chunk has loaded; same height as the form. */}
      <Suspense fallback={<div className="mt-6 min-h-[21.5rem]" aria-busy="true" />}>
        <QuoteFormFields />
      </Suspense>
    </section>
  )
}
