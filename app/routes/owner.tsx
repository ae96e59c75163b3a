import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { fetchOwnerLeads, fetchOwnerSources, fetchOwnerState } from '~/lib/owner.functions'
import { SOURCE_PERIODS } from '~/lib/owner-views'
import { OwnerPage } from '~/components/owner/owner-page'

// docs/decisions/033-owner-inbox.md
export const Route = createFileRoute('/owner')({
  staticData: { bare: true },
  validateSearch: v.object({
    link: v.fallback(v.optional(v.picklist(['sent', 'expired'])), undefined),
    view: v.fallback(v.optional(v.picklist(['sources'])), undefined),
    days: v.fallback(v.optional(v.picklist(SOURCE_PERIODS)), undefined),
  }),
  loaderDeps: ({ search }) => ({ view: search.view, days: search.days ?? SOURCE_PERIODS[0] }),
  loader: async ({ deps }) => {
    const state = await fetchOwnerState()
    if (!state.signedIn) return { state, leads: [], sources: null }
    if (deps.view === 'sources') return { state, leads: [], sources: await fetchOwnerSources({ data: deps }) }
    return { state, leads: await fetchOwnerLeads(), sources: null }
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({
    meta: [{ title: 'Lead inbox' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'manifest', href: '/owner/manifest.webmanifest' }],
  }),
  component: OwnerPage,
})
