import { getRouteApi } from '@tanstack/react-router'
import { serviceById } from '~/content/services'
import { DEFAULT_SERVICE_TAB } from '~/content/types'
import { PageHeading } from '~/components/layout/page-heading'

const route = getRouteApi('/services')

export function ServicesPage() {
  const { tab } = route.useSearch()
  const service = serviceById(tab ?? DEFAULT_SERVICE_TAB)
  return (
    <>
      <PageHeading title="Our Pressure Washing Services" intro="Professional exterior cleaning across Greater Sacramento." />
      <section aria-labelledby="service-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="service-title" className="text-3xl font-bold text-slate-900">
          {service.title}
        </h2>
        <p className="mt-4 max-w-3xl text-slate-700">{service.description}</p>
      </section>
    </>
  )
}
