import { Clock } from 'lucide-react'
import { epoxy } from '~/content/services'
import { SectionTitle } from '~/components/shared/section-title'

export function EpoxyProcess() {
  return (
    <section aria-labelledby="epoxy-process-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionTitle id="epoxy-process-heading">Our 4-Step Process</SectionTitle>
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 font-semibold text-brand-900 ring-1 ring-brand-200">
          <Clock className="size-5 text-brand-700" aria-hidden="true" />
          Most installs take {epoxy.installTime}
        </p>
      </div>
      <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {epoxy.process.map((step, index) => (
          <li key={step.title} className="relative rounded-2xl p-6 ring-1 ring-slate-200">
            <span aria-hidden="true" className="text-5xl font-extrabold text-brand-600">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="mt-2 text-lg font-bold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
