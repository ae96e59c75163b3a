import { ThumbsUp } from 'lucide-react'
import type { City } from '~/content/types'
import { site } from '~/content/site'
import { LeadForm } from '~/features/leads/lead-form'
import { actionButtonClass, CallButton, TextUsLink } from '~/components/shared/action-buttons'
import { textUs } from '~/content/contact'
import { SectionTitle } from '~/components/shared/section-title'
import { IconList } from '~/components/shared/icon-list'

export function CityReasons({ city }: { city: City }) {
  return (
    <section
      aria-labelledby="city-reasons-heading"
      className="bg-brand-950 text-white [&_:focus-visible]:outline-accent-300"
    >
      <div className="mx-auto grid max-w-7xl items-start gap-10 px-4 py-14 sm:px-6 md:py-16 lg:grid-cols-2">
        <div>
          <SectionTitle id="city-reasons-heading" tone="dark">
            {`Why ${city.name} Chooses ${site.shortName}`}
          </SectionTitle>
          <IconList items={city.reasons} icon={ThumbsUp} look="reasons" />
          <div className="mt-10 flex flex-wrap gap-3">
            <CallButton />
            <TextUsLink body={textUs.body.city(city.name)} className={actionButtonClass.outlineOnDark} />
          </div>
        </div>
        <div className="text-slate-800 [&_:focus-visible]:outline-brand-600">
          <LeadForm title={`Get a Free Quote in ${city.name}`} />
        </div>
      </div>
    </section>
  )
}
