import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LeadPhotoResult } from '~/components/quote/lead-photo-form'
import { QuoteResult } from '~/components/quote/quote-result'
import { LEAD_PHOTO_STATUSES } from '~/lib/lead-photos'
import { site } from '~/content/site'
import { quoteResultMessages } from '~/lib/quote-messages'
import { visitorAddress } from '~/server/http/visitor-address.server'
import { handleQuoteFormPost } from '~/server/quote/quote-form-post.server'

/** The result page of the quote form's no-JavaScript path (POST here, then redirected to GET). */
export const Route = createFileRoute('/quote-request')({
  validateSearch: v.object({
    status: v.fallback(v.optional(v.picklist(['sent', 'invalid', 'rate-limited', 'failed'])), undefined),
    message: v.fallback(v.optional(v.picklist(quoteResultMessages(site.phone))), undefined),
    photos: v.fallback(v.optional(v.picklist(LEAD_PHOTO_STATUSES)), undefined),
  }),
  server: {
    handlers: {
      POST: ({ request }) => handleQuoteFormPost(request, visitorAddress(request)),
    },
  },
  // The answer to one visitor's submission: neither a CDN nor the page cache may share it.
  headers: () => ({ 'Cache-Control': 'private, no-store' }),
  head: () => ({ meta: [{ title: 'Your quote request' }, { name: 'robots', content: 'noindex' }] }),
  component: QuoteRequestPage,
})

function QuoteRequestPage() {
  const { status, message, photos } = Route.useSearch()
  return photos ? <LeadPhotoResult status={photos} /> : <QuoteResult status={status} message={message} />
}
