import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { QuotePage } from '~/features/quotes/quote-page'
import type { QuotePageRefusal } from '~/features/quotes/quote'
import { LINK_PAGE_HEADERS } from '~/lib/page/link-page-headers'
import { site } from '~/content/site'
import { db } from '~/platform/db/db.server'
import { quotePageGet, quotePagePost, quotePageVisit } from '~/features/quotes/quote-page.server'
import { dayOffer } from '~/features/schedule/day-requests.server'
import { DayChoice } from '~/features/schedule/day-form'

/**
 * The customer's quote (docs/decisions/053-quotes-and-jobs.md). Its handlers read the quote before anything renders,
 * so a link that shows nothing gets one fixed answer; the page is one plain form that posts back here.
 */
export const Route = createFileRoute('/quote/$token')({
  staticData: { bare: true },
  validateSearch: v.object({ done: v.fallback(v.optional(v.picklist(['accepted', 'changes'])), undefined) }),
  server: {
    handlers: {
      GET: async ({ request, params, next }) => {
        const view = await quotePageGet(db, params.token, quotePageVisit(request))
        if (view instanceof Response) return view
        const day = view.acceptance ? await dayOffer(db, params.token, new Date()) : null
        // Typed as the POST's, or the two contexts' intersection would be never.
        return next({ context: { quotePage: view, quoteRefusal: null as QuotePageRefusal | null, dayOffer: day } })
      },
      POST: async ({ request, params, next }) => {
        const outcome = await quotePagePost(db, request, params.token, quotePageVisit(request))
        if (outcome instanceof Response) return outcome
        const { view, refusal } = outcome
        return next({
          context: { quotePage: view, quoteRefusal: refusal, responseStatus: refusal.status, dayOffer: null },
        })
      },
    },
  },
  loader: ({ serverContext }) => ({
    view: serverContext?.quotePage ?? null,
    refusal: serverContext?.quoteRefusal ?? null,
    dayOffer: serverContext?.dayOffer ?? null,
  }),
  headers: ({ loaderData }) => ({
    ...LINK_PAGE_HEADERS,
    ...(loaderData?.refusal?.retryAfterSeconds ? { 'Retry-After': String(loaderData.refusal.retryAfterSeconds) } : {}),
  }),
  // QUOTE_PAGE_TEXTS.title's words, not an import: route options ship in every page's first load, and
  // quote-texts.ts (its calls, its imports) would come with them.
  head: () => ({ meta: [{ title: `Your quote from ${site.name}` }, { name: 'robots', content: 'noindex' }] }),
  component: QuotePageRoute,
})

function QuotePageRoute() {
  const { view, refusal, dayOffer: offer } = Route.useLoaderData()
  const { done } = Route.useSearch()
  // Offered days sit under the quote; a request already made replaces "We will call you to set the day".
  const dayChoice =
    view && offer && offer.state !== 'call'
      ? { form: <DayChoice token={view.token} offer={offer} />, below: offer.state === 'offered' }
      : null
  return <QuotePage view={view} refusal={refusal} done={done} dayChoice={dayChoice} />
}
