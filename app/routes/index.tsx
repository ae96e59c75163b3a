import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { breadcrumbJsonLd, jsonLdScript, seo } from '~/lib/seo'
import { localBusinessJsonLd } from '~/lib/structured-data'
import { HomePage } from '~/components/home/home-page'

export const Route = createFileRoute('/')({
  loader: () => ({
    structuredData: [localBusinessJsonLd(), breadcrumbJsonLd([{ name: 'Home', path: '/' }])],
  }),
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData.map(jsonLdScript),
  }),
  component: HomePage,
})
