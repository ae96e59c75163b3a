import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { homeServices } from '~/content/home'
import { serviceList } from '~/content/service-list'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { Reveal } from './reveal'
import { HomeSection } from './section-header'
import { actionButtonClass } from '~/components/shared/action-buttons'

export function ServicesGrid() {
  return (
    <HomeSection id="services" texts={homeServices}>
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {serviceList.map((service, index) => (
          <li key={service.id}>
            <Reveal delay={(index % 4) * 0.08} className="h-full">
              <Link
                to="/services"
                search={{ tab: service.id }}
                data-service-id={service.id}
                className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg hover:ring-brand-300"
              >
                <div className="aspect-[4/3] overflow-hidden bg-slate-100">
                  <ResponsiveImage
                    name={service.image}
                    alt=""
                    sizes="(min-width: 1280px) 296px, (min-width: 1024px) 23vw, 46vw"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
                  />
                </div>
                <span className="flex flex-1 items-center justify-between gap-2 p-3 text-base leading-snug font-bold sm:p-4 sm:text-lg text-slate-900 group-hover:text-brand-800">
                  <span>{service.title}</span>
                  <ArrowRight
                    className="hidden size-5 shrink-0 text-brand-700 sm:block transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                    aria-hidden="true"
                  />
                </span>
              </Link>
            </Reveal>
          </li>
        ))}
      </ul>

      <Reveal className="mt-10">
        <div className="flex flex-col items-start justify-between gap-5 rounded-2xl bg-brand-950 p-6 text-white sm:p-8 md:flex-row md:items-center">
          <div className="max-w-2xl">
            <h3 className="text-2xl font-bold">{homeServices.epoxyHeading}</h3>
            <p className="mt-2 text-brand-100">{homeServices.epoxyText}</p>
          </div>
          <Link to="/epoxy" className={`${actionButtonClass.accent} shrink-0 focus-visible:outline-accent-300`}>
            {homeServices.epoxyLabel}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </Reveal>
    </HomeSection>
  )
}
