import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { fetchOwnerLeads, fetchOwnerState } from '~/lib/owner.functions'
import { OWNER_MANIFEST_HREF } from '~/lib/owner-lead'
import { OwnerPage } from '~/components/owner/owner-page'

const ownerSearchSchema = v.object({
  link: v.fallback(v.optional(v.picklist(['sent', 'expired'])), undefined),
})

/** The owner's inbox (docs/decisions/033-owner-inbox.md): never cached, never indexed. */
export const Route = createFileRoute('/owner')({
  staticData: { bare: true },
  validateSearch: ownerSearchSchema,
  loader: async () => {
    const state = await fetchOwnerState()
    return { state, leads: state.signedIn ? await fetchOwnerLeads() : [] }
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({
    meta: [{ title: 'Lead inbox' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'manifest', href: OWNER_MANIFEST_HREF }],
  }),
  component: OwnerPage,
})
