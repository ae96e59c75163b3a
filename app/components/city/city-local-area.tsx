import { Building2, Home, Landmark, type LucideIcon } from 'lucide-react'
import type { City } from '~/content/types'
import { SectionTitle } from '~/components/shared/section-title'

function FactList({ title, items, Icon }: { title: string; items: string[]; Icon: LucideIcon }) {
  return (
    <div className="rounded-2xl p-6 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-3 text-xl font-bold text-slate-900">
        <Icon className="size-6 text-brand-700" aria-hidden="true" />
        {title}
      </h3>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700 marker:text-brand-600">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  )
}

export function CityLocalArea({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-area-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
      <SectionTitle id="city-area-heading">{`Serving All of ${city.name}`}</SectionTitle>
      <p className="mt-3 max-w-3xl text-slate-700">
        {`${city.county} County · ZIP ${city.zipCodes.length > 1 ? 'codes' : 'code'} ${city.zipCodes.join(', ')}`}
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <FactList title="Neighborhoods" items={city.neighborhoods} Icon={Home} />
        <FactList title="Local Landmarks" items={city.landmarks} Icon={Landmark} />
        <FactList title="Property Types We Clean" items={city.homeTypes} Icon={Building2} />
      </div>
    </section>
  )
}
