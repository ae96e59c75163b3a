import { CloudSun } from 'lucide-react'
import type { City } from '~/content/types'
import { SectionTitle } from '~/components/shared/section-title'
import { IconList } from '~/components/shared/icon-list'

export function CityConditions({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-conditions-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
        <SectionTitle id="city-conditions-heading">{`What We See on ${city.name} Properties`}</SectionTitle>
        <IconList items={city.localConditions} icon={CloudSun} look="conditions" />
      </div>
    </section>
  )
}
