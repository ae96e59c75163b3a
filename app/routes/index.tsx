import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageSeo } from '~/content/pages'
import { homeVideoQuery, reviewsQuery } from '~/lib/backend.functions'
import { jsonLdScript, seo } from '~/lib/seo'
import { homeStructuredData } from '~/lib/structured-data'
import { HomePage } from '~/components/home/home-page'

export const Route = createFileRoute('/')({
  // ?cities=all: the service areas opened by "Show More Cities" before (or without) JavaScript.
  validateSearch: v.object({ cities: v.fallback(v.optional(v.picklist(['all'])), undefined) }),
  loader: async ({ context }) => {
    // Reviews stream in behind their own Suspense boundary: start the query without waiting.
    void context.queryClient.prefetchQuery(reviewsQuery)
    // Awaited so the video is in the server HTML.
    await context.queryClient.ensureQueryData(homeVideoQuery).catch(() => null)
    return { structuredData: homeStructuredData() }
  },
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData?.map(jsonLdScript),
  }),
  component: HomePage,
})
