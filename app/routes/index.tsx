import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { homeVideoQuery, reviewsQuery } from '~/lib/backend.functions'
import { jsonLdScript, seo } from '~/lib/seo'
import { homeStructuredData } from '~/lib/structured-data'
import { HomePage } from '~/components/home/home-page'

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    // Reviews stream in behind their own Suspense boundary: start the query, don't wait for it.
    void context.queryClient.prefetchQuery(reviewsQuery)
    // The hero's video is in the server HTML; a failure (logged by the server function) leaves the hero dark.
    await context.queryClient.ensureQueryData(homeVideoQuery).catch(() => null)
    return { structuredData: homeStructuredData() }
  },
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData?.map(jsonLdScript),
  }),
  component: HomePage,
})
