import { serviceAreas } from '~/content/service-areas'
import { ServiceAreasGrid } from '~/components/shared/service-areas-grid'
import { SectionTitle } from '~/components/shared/section-title'

export function ContactAreas() {
  return (
    <section id="service-areas" aria-labelledby="contact-areas-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <SectionTitle id="contact-areas-heading">Areas We Serve</SectionTitle>
        <p className="mt-3 max-w-2xl text-slate-700">
          We clean homes and businesses in these {serviceAreas.length} communities around Sacramento. Choose yours to
          see what we do there.
        </p>
        <ServiceAreasGrid className="mt-8" />
      </div>
    </section>
  )
}
