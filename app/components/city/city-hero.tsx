import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { ChevronRight, Clock, Star, Users } from 'lucide-react'
import type { City } from '~/content/types'
import { cityPageFacts } from '~/content/city-page'
import { actionButtonClass, CallButton, LeadFormLink, TextUsLink } from '~/components/shared/action-buttons'
import { textUs } from '~/content/contact'

const crumbLink = 'target-24 underline-offset-4 hover:text-white hover:underline'

export function CityHero({ city }: { city: City }) {
  const facts = [
    { label: 'Population', value: city.population, Icon: Users },
    { label: 'Response Time', value: cityPageFacts.responseTime, Icon: Clock },
    { label: 'Rating', value: cityPageFacts.rating, Icon: Star },
  ]
  return (
    <section className="bg-brand-950 text-white [&_:focus-visible]:outline-accent-300">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-16">
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-brand-100">
            {[
              <Link to="/" className={crumbLink}>
                Home
              </Link>,
              <Link to="/contact" hash="service-areas" className={crumbLink}>
                Service Areas
              </Link>,
            ].map((crumb, index) => (
              <Fragment key={index}>
                <li>{crumb}</li>
                <li aria-hidden="true">
                  <ChevronRight className="size-4" />
                </li>
              </Fragment>
            ))}
            <li>
              <span aria-current="page" className="font-semibold text-white">
                {city.name}
              </span>
            </li>
          </ol>
        </nav>

        <h1 className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{city.title}</h1>
        <p className="mt-5 max-w-3xl text-lg leading-relaxed text-brand-100">{city.description}</p>

        <div className="mt-8 flex flex-wrap gap-3">
          <CallButton />
          <TextUsLink body={textUs.body.city(city.name)} className={actionButtonClass.outlineOnDark} />
          <LeadFormLink look="outlineOnDark" />
        </div>

        <dl className="mt-10 grid gap-4 sm:grid-cols-3">
          {facts.map(({ label, value, Icon }) => (
            <div key={label} className="relative rounded-2xl bg-white/5 py-5 pr-5 pl-14 ring-1 ring-white/10">
              <dt className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
                <Icon className="absolute top-6 left-5 size-6 text-accent-300" aria-hidden="true" />
                {label}
              </dt>
              <dd className="mt-1 text-lg font-bold text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
