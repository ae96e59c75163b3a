import { ThumbsUp } from 'lucide-react'
import type { City } from '~/content/types'
import { site } from '~/content/site'
import { QuoteForm } from '~/components/quote/quote-form'
import { CallButton, TextUsButton } from '~/components/shared/action-buttons'
import { textUs } from '~/content/contact'

export function CityReasons({ city }: { city: City }) {
  return (
    <section
      aria-labelledby="city-reasons-heading"
      className="bg-brand-950 text-white [&_:focus-visible]:outline-accent-300"
    >
      <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 py-14 sm:px-6 md:py-16 lg:grid-cols-2">
        <div>
          <h2 id="city-reasons-heading" className="text-3xl font-extrabold tracking-tight">
            Why {city.name} Chooses {site.shortName}
          </h2>
          <ul className="mt-8 space-y-4">
            {city.reasons.map((reason) => (
              <li key={reason} className="flex gap-4">
                <ThumbsUp className="mt-0.5 size-6 shrink-0 text-accent-300" aria-hidden="true" />
                <span className="text-lg text-brand-50">{reason}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap gap-3">
            <CallButton />
            <TextUsButton body={textUs.body.city(city.name)} />
          </div>
        </div>
        <div className="text-slate-800 [&_:focus-visible]:outline-brand-600">
          <QuoteForm title={`Get a Free Quote in ${city.name}`} />
        </div>
      </div>
    </section>
  )
}
