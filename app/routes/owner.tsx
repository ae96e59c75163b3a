import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { fetchOwnerLeads, fetchOwnerState } from '~/lib/owner.functions'
import { OwnerPage } from '~/components/owner/owner-page'

// docs/decisions/033-owner-inbox.md
export const Route = createFileRoute('/owner')({
  staticData: { bare: true },
  validateSearch: v.object({ link: v.fallback(v.optional(v.picklist(['sent', 'expired'])), undefined) }),
  loader: async () => {
    const state = await fetchOwnerState()
    return { state, leads: state.signedIn ? await fetchOwnerLeads() : [] }
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({
    meta: [{ title: 'Lead inbox' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'manifest', href: '/owner/manifest.webmanifest' }],
  }),
  component: OwnerPage,
})
