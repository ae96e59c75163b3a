import { ChevronDown } from 'lucide-react'
import { homeSeoText } from '~/content/home-seo-text'

/** A <details>: indexed, and opened by find-in-page. */
export function SeoText() {
  return (
    <section aria-labelledby="seo-text-summary" className="render-when-visible mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 open:shadow-md">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-lg font-bold text-slate-900 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
          <span id="seo-text-summary">{homeSeoText.summary}</span>
          <ChevronDown
            className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            aria-hidden="true"
          />
        </summary>
        <div className="space-y-6 border-t border-slate-200 px-5 py-6 text-slate-700 sm:px-6">
          {homeSeoText.sections.map((section) => (
            <div key={section.heading}>
              <h3 className="text-lg font-semibold text-slate-900">{section.heading}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-2 leading-relaxed">
                  {paragraph}
                </p>
              ))}
            </div>
          ))}
        </div>
      </details>
    </section>
  )
}
