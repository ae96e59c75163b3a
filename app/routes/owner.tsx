import { createFileRoute } from '@tanstack/react-router'
import { fetchOwnerLeads, fetchOwnerSources, fetchOwnerState } from '~/features/owner/owner.functions'
import { ownerPage, ownerSearchSchema, SOURCE_PERIODS } from '~/features/owner/owner-views'
import { listOwnerWork } from '~/features/work/posted-work.functions'
import { OwnerPage } from '~/features/owner/owner-page'

// docs/decisions/033-owner-inbox.md
export const Route = createFileRoute('/owner')({
  ...ownerPage('Lead inbox'),
  validateSearch: ownerSearchSchema,
  loaderDeps: ({ search }) => ({ view: search.view, days: search.days ?? SOURCE_PERIODS[0], lead: search.lead }),
  loader: async ({ deps }) => {
    const state = await fetchOwnerState()
    const none = { state, leads: [], sources: null, work: null, quote: null, prices: null, feed: null, money: null }
    if (!state.signedIn) return none
    if (deps.view === 'sources') return { ...none, sources: await fetchOwnerSources({ data: deps }) }
    if (deps.view === 'work') return { ...none, work: await listOwnerWork() }
    if (deps.view === 'money') {
      const { fetchOwnerMoney } = await import('~/features/payments/payments.functions')
      return { ...none, money: await fetchOwnerMoney() }
    }
    // Loaded with their views, so the prices' and quotes' schemas and texts stay out of every page's first load.
    if (deps.view === 'prices') {
      const [{ fetchPriceSettings }, { fetchCalendarFeed }] = await Promise.all([
        import('~/features/prices/prices.functions'),
        import('~/features/quotes/quotes.functions'),
      ])
      const [prices, feed] = await Promise.all([fetchPriceSettings(), fetchCalendarFeed()])
      return { ...none, prices, feed }
    }
    if (deps.view === 'quote') {
      const { fetchQuoteEditor } = await import('~/features/quotes/quotes.functions')
      // An unknown lead's editor shows the leads instead.
      const editor = deps.lead && (await fetchQuoteEditor({ data: deps }).catch(() => null))
      if (editor) return { ...none, quote: editor }
    }
    return { ...none, leads: await fetchOwnerLeads() }
  },
  head: () => ({
    ...ownerPage('Lead inbox').head(),
    links: [{ rel: 'manifest', href: '/owner/manifest.webmanifest' }],
  }),
  component: OwnerPage,
})
