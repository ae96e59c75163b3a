import { Link } from '@tanstack/react-router'
import { claims, site } from '~/content/site'
import { services } from '~/content/services'
import { serviceAreas } from '~/content/service-areas'

export function HomePage() {
  return (
    <>
      <section className="bg-brand-950 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Sacramento's <span className="text-accent-300">Top Rated</span> Pressure Washing
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            {claims.licensed}. {claims.freeEstimates}, {claims.sameDayResponse.toLowerCase()} and a{' '}
            {claims.guarantee.toLowerCase()}.
          </p>
          <a
            href={site.phoneHref}
            className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent-400 px-6 font-bold text-slate-950"
          >
            Call Now {site.phone}
          </a>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="services-heading" className="text-3xl font-bold text-slate-900">
          Our Services
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.id}>
              <Link to="/services" search={{ tab: service.id }} className="block rounded-lg border p-4 font-semibold hover:border-brand-600">
                {service.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="about" aria-labelledby="about-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="about-heading" className="text-3xl font-bold text-slate-900">
            About {site.name}
          </h2>
          <p className="mt-4 max-w-3xl text-slate-700">
            {claims.yearsInBusiness} years of exterior cleaning in Greater Sacramento. {claims.licensed}.
          </p>
        </div>
      </section>

      <section id="gallery" aria-labelledby="gallery-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="gallery-heading" className="text-3xl font-bold text-slate-900">
          Before &amp; After
        </h2>
        <Link to="/gallery" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white">
          See More Gallery
        </Link>
      </section>

      <section id="service-areas" aria-labelledby="areas-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="areas-heading" className="text-3xl font-bold text-slate-900">
            Service Areas
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {serviceAreas.map((area) => (
              <li key={area.slug}>
                <Link to="/city/$citySlug" params={{ citySlug: area.slug }} className="font-semibold text-brand-800 underline">
                  {area.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
