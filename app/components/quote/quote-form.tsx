import { Suspense, useId } from 'react'
import { claims } from '~/content/site'
import { lazyWhenIdle } from '~/lib/lazy-when-idle'
import { QUOTE_FORM_CLASS, QUOTE_FORM_ID } from '~/lib/scroll'

// Until loaded, typing is kept and a submit posts to /quote-request.
const QuoteFormFields = lazyWhenIdle(() => import('./quote-form-fields').then((module) => module.default))

export interface QuoteFormProps {
  title?: string
  description?: string
}

export function QuoteForm({
  title = 'Get Your Free Quote',
  description = `Tell us how to reach you and we'll reply within ${claims.replyWithin}.`,
}: QuoteFormProps) {
  const headingId = `${useId()}-heading`
  return (
    <section
      id={QUOTE_FORM_ID}
      aria-labelledby={headingId}
      className={`${QUOTE_FORM_CLASS} scroll-mt-24 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8`}
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{description}</p>
      {/* Same height as the form: nothing jumps. */}
      <Suspense fallback={<div className="mt-6 min-h-[23.75rem]" aria-busy="true" />}>
        <QuoteFormFields />
      </Suspense>
    </section>
  )
}
