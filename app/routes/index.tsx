import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageSeo } from '~/content/pages'
import { homeVideoQuery, reviewsQuery } from '~/lib/backend.functions'
import { jsonLdScript, seo } from '~/lib/seo'
import { homeStructuredData } from '~/lib/structured-data'
import { HomePage } from '~/components/home/home-page'

export const Route = createFileRoute('/')({
  // "Show More Cities" without JavaScript.
  validateSearch: v.object({ cities: v.fallback(v.optional(v.picklist(['all'])), undefined) }),
  loader: async ({ context }) => {
    // Not awaited: the reviews stream in behind their own Suspense boundary.
    void context.queryClient.prefetchQuery(reviewsQuery)
    await context.queryClient.ensureQueryData(homeVideoQuery).catch(() => null)
    return { structuredData: homeStructuredData() }
  },
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData?.map(jsonLdScript),
  }),
  component: HomePage,
})
