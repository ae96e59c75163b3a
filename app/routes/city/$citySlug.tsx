import { createFileRoute, redirect } from '@tanstack/react-router'
import { cityBySlug } from '~/content/cities'
import { isCitySlug } from '~/content/service-areas'
import { breadcrumbJsonLd, jsonLdScript, seo } from '~/lib/seo'
import { CityPage } from '~/components/city/city-page'

export const Route = createFileRoute('/city/$citySlug')({
  beforeLoad: ({ params }) => {
    // docs/product.md#city-pages: an unknown slug navigates to /404 (which answers HTTP 404).
    if (!isCitySlug(params.citySlug)) throw redirect({ to: '/404', replace: true })
  },
  loader: ({ params }) => {
    const city = cityBySlug(params.citySlug)
    if (!city) throw redirect({ to: '/404', replace: true })
    return { city }
  },
  head: ({ loaderData }) => {
    if (!loaderData) return {}
    const { city } = loaderData
    const path = `/city/${city.slug}`
    return {
      ...seo({ ...city.seo, path }),
      scripts: [
        jsonLdScript(
          breadcrumbJsonLd([
            { name: 'Home', path: '/' },
            { name: 'Service Areas', path: '/contact' },
            { name: city.name, path },
          ]),
        ),
      ],
    }
  },
  component: CityRoute,
})

function CityRoute() {
  const { city } = Route.useLoaderData()
  return <CityPage city={city} />
}
