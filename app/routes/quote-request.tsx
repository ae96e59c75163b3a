import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LeadPhotoResult } from '~/components/leads/lead-photo-form'
import { QuoteResult } from '~/components/leads/lead-result'
import { LEAD_PHOTO_STATUSES, PHOTO_TOKEN_PATTERN } from '~/lib/leads/lead-photo-statuses'
import { getBackend } from '~/server/backend/backend.server'
import { visitorAddress } from '~/server/http/visitor-address.server'
import { handleLeadFormPost } from '~/server/leads/lead-form-post.server'

/** The result page of the quote form's no-JavaScript path: a refused post is answered with this page, filled in. */
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
        return next({ context: { quoteRefusal: outcome, responseStatus: outcome.status } })
      },
    },
  },
  loader: ({ serverContext }) => ({ refusal: serverContext?.quoteRefusal ?? null }),
  // The answer to one visitor's submission: neither a CDN nor the page cache may share it.
  headers: ({ loaderData }) => ({
    'Cache-Control': 'private, no-store',
    ...(loaderData?.refusal?.retryAfterSeconds ? { 'Retry-After': String(loaderData.refusal.retryAfterSeconds) } : {}),
  }),
  head: () => ({ meta: [{ title: 'Your quote request' }, { name: 'robots', content: 'noindex' }] }),
  component: QuoteRequestPage,
})

function QuoteRequestPage() {
  const { status, photos, upload } = Route.useSearch()
  const { refusal } = Route.useLoaderData()
  if (refusal) {
    const { result, message: refusalMessage, values, errors } = refusal
    return <QuoteResult status={result} message={refusalMessage} initial={{ values, errors }} />
  }
  if (photos) return <LeadPhotoResult status={photos} />
  return <QuoteResult status={status} photoToken={status === 'sent' ? upload : undefined} />
}
