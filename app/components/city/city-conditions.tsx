import { CloudSun } from 'lucide-react'
import type { City } from '~/content/types'

export function CityConditions({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-conditions-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
        <h2 id="city-conditions-heading" className="text-3xl font-extrabold tracking-tight text-slate-900">
          What We See on {city.name} Properties
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {city.localConditions.map((condition) => (
            <li key={condition} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <CloudSun className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="text-slate-700">{condition}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
