import type { City } from '~/content/types'
import { serviceAreas } from '~/content/service-areas'
import { ServiceAreasGrid } from '~/components/shared/service-areas-grid'
import { SectionTitle } from '~/components/shared/section-title'

export function CityOtherAreas({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-other-areas-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
        <SectionTitle id="city-other-areas-heading">Other Areas We Serve</SectionTitle>
        <ServiceAreasGrid areas={serviceAreas.filter((area) => area.slug !== city.slug)} className="mt-8" />
      </div>
    </section>
  )
}
