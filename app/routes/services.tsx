import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { serviceById } from '~/content/services'
import { DEFAULT_SERVICE_TAB, serviceIds } from '~/content/types'
import { seo } from '~/lib/seo'
import { serviceVideoQuery } from '~/lib/backend.functions'
import { ServicesPage } from '~/components/services/services-page'

/**
 * ?tab= is one of the 8 service ids. Missing or unknown means the default service; an unknown value
 * is dropped, so /services?tab=bogus settles on the bare /services (the default's canonical URL).
 */
const servicesSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(serviceIds)), undefined),
})

export const Route = createFileRoute('/services')({
  validateSearch: servicesSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ deps, context }) => {
    // The hero's featured video; a failure leaves the hero dark instead of breaking the page. Only the
    // server waits for it (so it is in the first HTML); in the browser a tab switch never waits on it.
    const video = context.queryClient.ensureQueryData(serviceVideoQuery).catch(() => null)
    if (typeof window === 'undefined') await video
    const service = serviceById(deps.tab ?? DEFAULT_SERVICE_TAB)
    return { tab: service.id, seo: service.seo }
  },
  head: ({ loaderData }) => {
    if (!loaderData) return {}
    // The default tab's canonical is the bare /services; every other tab keeps its query.
    const path = loaderData.tab === DEFAULT_SERVICE_TAB ? '/services' : `/services?tab=${loaderData.tab}`
    return seo({ ...loaderData.seo, path })
  },
  component: ServicesPage,
})
