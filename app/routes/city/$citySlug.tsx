import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { cityBySlug } from '~/content/cities'
import { citySlugs } from '~/content/service-areas'
import { waitForIdleCode } from '~/lib/page/lazy-when-idle'
import { readShownWork } from '~/features/work/shown-work-read'
import { breadcrumbJsonLd, jsonLdScript, seo } from '~/lib/seo/seo'
import { CityPage } from '~/components/city/city-page'

const citySlugSchema = v.picklist(citySlugs)

export const Route = createFileRoute('/city/$citySlug')({
  params: {
    parse: ({ citySlug }) => {
      const parsed = v.safeParse(citySlugSchema, citySlug)
      if (!parsed.success) throw redirect({ to: '/404', replace: true })
      return { citySlug: parsed.output }
    },
    stringify: ({ citySlug }) => ({ citySlug }),
  },
  beforeLoad: waitForIdleCode,
  loader: async ({ params }) => ({
    city: cityBySlug(params.citySlug),
    work: await readShownWork({ page: 'city', city: params.citySlug }),
  }),
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
  component: CityPage,
})
