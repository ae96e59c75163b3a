import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { serviceById } from '~/content/services'
import { DEFAULT_SERVICE_TAB, serviceIds } from '~/content/types'
import { seo } from '~/lib/seo/seo'
import { readFeaturedVideo } from '~/features/reviews/backend-reads'
import { readShownWork } from '~/features/work/shown-work-read'
import { fetchTypicalPrice } from '~/features/prices/typical-price.functions'
import { ServicesPage } from '~/components/services/services-page'

export const Route = createFileRoute('/services')({
  validateSearch: v.object({ tab: v.fallback(v.optional(v.picklist(serviceIds)), undefined) }),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ deps }) => {
    // As on home: only the server waits for the video.
    const video = readFeaturedVideo('service_videos')
    const service = serviceById(deps.tab ?? DEFAULT_SERVICE_TAB)
    // Both wait for the tab's three photos: arriving later, they would move what follows.
    const work = readShownWork({ page: 'service', service: service.id })
    const price = fetchTypicalPrice({ data: service.id }).catch(() => null)
    return {
      tab: service.id,
      seo: service.seo,
      video: typeof window === 'undefined' ? await video : video,
      work: await work,
      price: await price,
    }
  },
  head: ({ loaderData }) => {
    if (!loaderData) return {}
    const path = loaderData.tab === DEFAULT_SERVICE_TAB ? '/services' : `/services?tab=${loaderData.tab}`
    return seo({ ...loaderData.seo, path })
  },
  component: ServicesPage,
})
