import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import type { City } from '~/content/types'
import { serviceById } from '~/content/services'
import { SectionTitle } from '~/components/shared/section-title'

export function CityServices({ city }: { city: City }) {
  return (
    <section aria-labelledby="city-services-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
      <SectionTitle id="city-services-heading">{`Popular Services in ${city.name}`}</SectionTitle>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {city.commonServices.map(({ serviceId, note }) => {
          const service = serviceById(serviceId)
          return (
            <li key={serviceId} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-xl font-bold text-slate-900">{service.title}</h3>
              <p className="mt-3 flex-1 text-slate-700">{note}</p>
              <Link
                to="/services"
                search={{ tab: serviceId }}
                className="mt-5 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-800 underline-offset-4 hover:underline"
              >
                {`More about ${service.title}`}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
