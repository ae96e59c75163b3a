import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LeadPhotoResult } from '~/components/leads/lead-photo-form'
import { QuoteResult } from '~/components/leads/lead-result'
import { LEAD_PHOTO_STATUSES, PHOTO_TOKEN_PATTERN } from '~/lib/leads/lead-photo-statuses'
import { getBackend } from '~/server/backend/backend.server'
import { visitorAddress } from '~/server/http/visitor-address.server'
import { handleLeadFormPost } from '~/server/leads/lead-form-post.server'

/** The no-JavaScript quote form's result page; a refused post, or one asking the typical price, gets it filled in. */
export const Route = createFileRoute('/quote-request')({
  validateSearch: v.object({
    status: v.fallback(v.optional(v.picklist(['sent', 'invalid', 'rate-limited', 'failed'])), undefined),
    photos: v.fallback(v.optional(v.picklist(LEAD_PHOTO_STATUSES)), undefined),
    /** The stored lead's one-time photo token (not typed by anyone): the no-JavaScript photo form needs it. */
    upload: v.fallback(v.optional(v.pipe(v.string(), v.regex(PHOTO_TOKEN_PATTERN))), undefined),
  }),
  server: {
    handlers: {
      POST: async ({ request, next }) => {
        const outcome = await handleLeadFormPost(request, visitorAddress(request), getBackend())
        if (outcome instanceof Response) return outcome
        return next({ context: { formAgain: outcome, responseStatus: outcome.status } })
      },
    },
  },
  loader: ({ serverContext }) => ({ again: serverContext?.formAgain ?? null }),
  // The answer to one visitor's submission: neither a CDN nor the page cache may share it.
  headers: ({ loaderData }) => ({
    'Cache-Control': 'private, no-store',
    ...(loaderData?.again?.retryAfterSeconds ? { 'Retry-After': String(loaderData.again.retryAfterSeconds) } : {}),
  }),
  head: () => ({ meta: [{ title: 'Your quote request' }, { name: 'robots', content: 'noindex' }] }),
  component: QuoteRequestPage,
})

function QuoteRequestPage() {
  const { status, photos, upload } = Route.useSearch()
  const { again } = Route.useLoaderData()
  if (again) {
    const { result, message, values, errors, price } = again
    const refused = result === 'price' ? undefined : result
    return <QuoteResult status={refused} message={message} initial={{ values, errors, price }} />
  }
  if (photos) return <LeadPhotoResult status={photos} />
  return <QuoteResult status={status} photoToken={status === 'sent' ? upload : undefined} />
}
