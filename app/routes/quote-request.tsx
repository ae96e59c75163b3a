import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LeadPhotoResult } from '~/features/leads/lead-photo-form'
import { LeadResult } from '~/features/leads/lead-result'
import { LEAD_PHOTO_STATUSES } from '~/features/leads/lead-photo-statuses'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { handleLeadFormPost, type LeadFormAgain } from '~/features/leads/lead-form-post.server'
import { photoTokenFrom } from '~/features/leads/photo-token-cookie.server'

/** The no-JavaScript quote form's result page; a refused post, or one asking the typical price, gets it filled in. */
export const Route = createFileRoute('/quote-request')({
  validateSearch: v.object({
    status: v.fallback(v.optional(v.picklist(['sent', 'invalid', 'rate-limited', 'failed'])), undefined),
    photos: v.fallback(v.optional(v.picklist(LEAD_PHOTO_STATUSES)), undefined),
  }),
  server: {
    handlers: {
      // The stored lead's photo token, for the plain photo form: in a cookie, never the address (decision 060).
      GET: ({ next }) => next({ context: { photoToken: photoTokenFrom(), formAgain: null as LeadFormAgain | null } }),
      POST: async ({ request, next }) => {
        const outcome = await handleLeadFormPost(db, request, visitorAddress(request), runtimeConfig(), new Date())
        if (outcome instanceof Response) return outcome
        const context = { photoToken: null as string | null, formAgain: outcome }
        return next({ context: { ...context, responseStatus: outcome.status } })
      },
    },
  },
  loader: ({ serverContext }) => ({
    again: serverContext?.formAgain ?? null,
    photoToken: serverContext?.photoToken ?? null,
  }),
  // The answer to one visitor's submission: neither a CDN nor the page cache may share it.
  headers: ({ loaderData }) => ({
    'Cache-Control': 'private, no-store',
    ...(loaderData?.again?.retryAfterSeconds ? { 'Retry-After': String(loaderData.again.retryAfterSeconds) } : {}),
  }),
  head: () => ({ meta: [{ title: 'Your quote request' }, { name: 'robots', content: 'noindex' }] }),
  component: QuoteRequestPage,
})

function QuoteRequestPage() {
  const { status, photos } = Route.useSearch()
  const { again, photoToken } = Route.useLoaderData()
  if (again) {
    const { result, message, values, errors, price } = again
    const refused = result === 'price' ? undefined : result
    return <LeadResult status={refused} message={message} initial={{ values, errors, price }} />
  }
  if (photos) return <LeadPhotoResult status={photos} />
  return <LeadResult status={status} photoToken={status === 'sent' ? photoToken : null} />
}
