import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PayPage } from '~/features/payments/pay-page'
import { site } from '~/content/site'
import { contentSecurityPolicy } from '~/lib/page/content-security-policy'
import { LINK_PAGE_HEADERS } from '~/lib/page/link-page-headers'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { payPageGet, payPagePost } from '~/features/payments/pay-page.server'

/**
 * The customer's pay page (docs/decisions/055-invoices-and-payments.md). Its GET reads the invoice before anything
 * renders, so a link that shows nothing gets one fixed 404; "Pay by card" is a plain form that posts back here and
 * is answered 303 to Stripe's page.
 */
const visit = (request: Request) => ({ ip: visitorAddress(request), now: new Date(), settings: runtimeConfig() })

export const Route = createFileRoute('/pay/$token')({
  staticData: { bare: true },
  // Back from Stripe's page: declared, or the server drops it from the page's address (page-url.server.ts).
  validateSearch: v.object({ session: v.optional(v.string()) }),
  server: {
    handlers: {
      GET: async ({ request, params, next }) => {
        const view = await payPageGet(db, request, params.token, visit(request))
        if (view instanceof Response) return view
        // Typed as the POST's, or the two contexts' intersection would be never.
        return next({ context: { payPage: view, responseStatus: undefined as number | undefined } })
      },
      // Stripe not answering: the page again, with what to do (payPagePost).
      POST: async ({ request, params, next }) => {
        const outcome = await payPagePost(db, request, params.token, visit(request))
        if (outcome instanceof Response) return outcome
        return next({ context: { payPage: outcome.view, responseStatus: outcome.status } })
      },
    },
  },
  loader: ({ serverContext }) => ({ view: serverContext?.payPage ?? null }),
  // Chromium applies form-action to the 303 that follows "Pay by card": Stripe's page must be allowed there.
  headers: ({ loaderData, ssr }) => ({
    ...LINK_PAGE_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(ssr?.nonce, [], loaderData?.view?.checkoutOrigins ?? []),
    ...(loaderData?.view?.cardUnavailable ? { 'Retry-After': '60' } : {}),
  }),
  // PAY_PAGE_TEXTS.title's words, not an import, as on the quote page.
  head: () => ({ meta: [{ title: `Pay your invoice from ${site.name}` }, { name: 'robots', content: 'noindex' }] }),
  component: PayPageRoute,
})

function PayPageRoute() {
  const { view } = Route.useLoaderData()
  return view ? <PayPage view={view} /> : null
}
