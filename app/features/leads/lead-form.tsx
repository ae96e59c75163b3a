import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { claims } from '~/content/site'
import type { ServiceId } from '~/content/types'
import { lazyWhenIdle } from '~/lib/page/lazy-when-idle'
import type { LeadFormInitial } from '~/features/leads/lead-form-constants'
import { LEAD_FORM_CLASS, LEAD_FORM_ID } from '~/lib/page/scroll'
import { watchTyping, type EarlyTyping } from './early-typing'

// Until loaded, typing is kept and a submit posts to /quote-request.
const LeadFormFields = lazyWhenIdle(() => import('./lead-form-fields').then((module) => module.default))

export interface LeadFormProps {
  title?: string
  description?: string
  initial?: LeadFormInitial
  /** Chosen at first: the service tab's own. */
  service?: ServiceId
}

export function LeadForm({
  title = 'Get Your Free Quote',
  description = `Tell us how to reach you and we'll reply within ${claims.replyWithin}.`,
  initial,
  service,
}: LeadFormProps) {
  if (service) initial = { ...initial, values: { service, ...initial?.values }, errors: initial?.errors ?? {} }
  const headingId = `${useId()}-heading`
  const sectionRef = useRef<HTMLElement>(null)
  const [early] = useState<EarlyTyping>(() => ({ values: {}, focused: null }))
  useEffect(() => (sectionRef.current ? watchTyping(sectionRef.current, early) : undefined), [early])
  return (
    <section
      ref={sectionRef}
      id={LEAD_FORM_ID}
      aria-labelledby={headingId}
      className={`${LEAD_FORM_CLASS} scroll-mt-24 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8`}
    >
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-600">{description}</p>
      {/* Shown only when React replaces a form it has not hydrated: as high as the form, and what was typed
          comes back with it (early-typing.ts). */}
      <Suspense fallback={<div className="mt-6 min-h-[49.5rem] sm:min-h-[44.25rem]" aria-busy="true" />}>
        <LeadFormFields early={early} initial={initial} />
      </Suspense>
    </section>
  )
}
