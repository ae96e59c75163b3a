import { createFileRoute } from '@tanstack/react-router'
import { fetchOwnerLeads, fetchOwnerSources, fetchOwnerState } from '~/lib/owner/owner.functions'
import { ownerSearchSchema, SOURCE_PERIODS } from '~/lib/owner/owner-views'
import { listOwnerWork } from '~/lib/posted-work/posted-work.functions'
import { fetchPriceSettings, fetchQuoteEditor } from '~/lib/quotes/quotes.functions'
import { OwnerPage } from '~/components/owner/owner-page'

// docs/decisions/033-owner-inbox.md
export const Route = createFileRoute('/owner')({
  staticData: { bare: true },
  validateSearch: ownerSearchSchema,
  loaderDeps: ({ search }) => ({ view: search.view, days: search.days ?? SOURCE_PERIODS[0], lead: search.lead }),
  loader: async ({ deps }) => {
    const state = await fetchOwnerState()
    const none = { state, leads: [], sources: null, work: null, quote: null, prices: null }
    if (!state.signedIn) return none
    if (deps.view === 'sources') return { ...none, sources: await fetchOwnerSources({ data: deps }) }
    if (deps.view === 'work') return { ...none, work: await listOwnerWork() }
    // An unknown lead's editor shows the leads instead.
    const editor = deps.view === 'quote' && deps.lead && (await fetchQuoteEditor({ data: deps }).catch(() => null))
    if (editor) return { ...none, quote: editor }
    if (deps.view === 'prices') return { ...none, prices: await fetchPriceSettings() }
    return { ...none, leads: await fetchOwnerLeads() }
  },
  headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }),
  head: () => ({
    meta: [{ title: 'Lead inbox' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'manifest', href: '/owner/manifest.webmanifest' }],
  }),
  component: OwnerPage,
})
