import { createFileRoute } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { pageSeo } from '~/content/pages'
import { readFeaturedVideo, readReviews } from '~/features/reviews/backend-reads'
import { readShownWork } from '~/features/work/shown-work-read'
import { waitForIdleCode } from '~/lib/page/lazy-when-idle'
import { jsonLdScript, seo } from '~/lib/seo/seo'
import { homeStructuredData } from '~/lib/seo/structured-data'
import { HomePage } from '~/components/home/home-page'

// Only the server's first HTML carries it: the browser's copy of this loader then needs none of its module.
const structuredData = createIsomorphicFn()
  .server(() => homeStructuredData())
  .client(() => undefined)

export const Route = createFileRoute('/')({
  // "Show More Cities" without JavaScript.
  validateSearch: v.object({ cities: v.fallback(v.optional(v.picklist(['all'])), undefined) }),
  beforeLoad: waitForIdleCode,
  loader: async () => {
    // Not awaited: the reviews stream in behind their own Suspense boundary.
    const reviews = readReviews()
    // The server waits, so the page carries the video itself, not a promise of it; a browser moving here does not.
    const video = readFeaturedVideo('pressure_washing_videos')
    // Both wait for the four photos: arriving later, they would move the sections below them.
    const work = readShownWork({ page: 'home' })
    return {
      reviews,
      video: typeof window === 'undefined' ? await video : video,
      work: await work,
      structuredData: structuredData(),
    }
  },
  head: ({ loaderData }) => ({
    ...seo({ ...pageSeo.home, path: '/' }),
    scripts: loaderData?.structuredData?.map(jsonLdScript),
  }),
  component: HomePage,
})
