import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import { claims } from '~/content/site'
import { lazyWhenIdle } from '~/lib/lazy-when-idle'
import { QUOTE_HONEYPOT_NAME, type QuoteFieldName, type QuoteFormValues } from '~/lib/quote-form-constants'
import { QUOTE_FORM_CLASS, QUOTE_FORM_ID } from '~/lib/scroll'
import { earlyFormToken, newEarlyTyping, restoreFocus, watchTyping, type EarlyTyping } from './early-typing'
import { QuoteFormView } from './quote-form-view'

// Until loaded, typing is kept and a submit posts to /quote-request.
const QuoteFormFields = lazyWhenIdle(() => import('./quote-form-fields').then((module) => module.default))

/** A submission the server refused, shown again as the visitor left it (docs/product.md#quote-form). */
export interface QuoteFormInitial {
  values: Partial<QuoteFormValues>
  errors: Partial<Record<QuoteFieldName, string>>
}

export interface QuoteFormProps {
  title?: string
  description?: string
  initial?: QuoteFormInitial
}

export interface QuoteFormFieldsProps {
  early: EarlyTyping
  initial?: QuoteFormInitial
}

/** The form while its code loads after React replaced the server's: plain HTML that keeps what was typed. */
function PlainQuoteForm({ early, initial }: QuoteFormFieldsProps) {
  const formId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const sourcePage = useLocation({ select: (location) => location.href })
  const formToken = earlyFormToken(early)
  useLayoutEffect(() => restoreFocus(formRef.current, early), [early])
  return (
    <QuoteFormView
      formId={formId}
      formRef={formRef}
      renderField={(name, render) =>
        render({ defaultValue: early.values[name] ?? initial?.values[name] ?? '', error: initial?.errors[name] })
      }
      honeypot={{ defaultValue: early.values[QUOTE_HONEYPOT_NAME] ?? '' }}
      sourcePage={early.values.sourcePage ?? sourcePage.slice(0, 200)}
      formToken={formToken}
      // Without a token the post would be flagged; the form's code is moments away and keeps the typing.
      onSubmit={formToken ? undefined : (event) => event.preventDefault()}
    />
  )
}

export function QuoteForm({
  title = 'Get Your Free Quote',
  description = `Tell us how to reach you and we'll reply within ${claims.replyWithin}.`,
  initial,
}: QuoteFormProps) {
  const headingId = `${useId()}-heading`
  const sectionRef = useRef<HTMLElement>(null)
  const [early] = useState(newEarlyTyping)
  useEffect(() => (sectionRef.current ? watchTyping(sectionRef.current, early) : undefined), [early])
  return (
    <section
      ref={sectionRef}
      id={QUOTE_FORM_ID}
      aria-labelledby={headingId}
      className={`${QUOTE_FORM_CLASS} scroll-mt-24 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8`}
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{description}</p>
      <Suspense fallback={<PlainQuoteForm early={early} initial={initial} />}>
        <QuoteFormFields early={early} initial={initial} />
      </Suspense>
    </section>
  )
}
