import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageSeo } from '~/content/pages'
import { readBackend } from '~/lib/backend-reads'
import { jsonLdScript, seo } from '~/lib/seo'
import { homeStructuredData } from '~/lib/structured-data'
import { HomePage } from '~/components/home/home-page'

export const Route = createFileRoute('/')({
  // "Show More Cities" without JavaScript.
  validateSearch: v.object({ cities: v.fallback(v.optional(v.picklist(['all'])), undefined) }),
  loader: async () => {
    // Not awaited: the reviews stream in behind their own Suspense boundary.
    const reviews = readBackend('reviews')
    // Only the server waits, so the video is in the first HTML.
    const video = readBackend('home-video')
    if (typeof window === 'undefined') await video
    return { reviews, video, structuredData: homeStructuredData() }
  },
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData?.map(jsonLdScript),
  }),
  component: HomePage,
})
