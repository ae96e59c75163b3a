import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { QuoteResult } from '~/components/quote/quote-result'
import { site } from '~/content/site'
import { quoteResultMessages } from '~/lib/quote-messages'
import { visitorAddress } from '~/server/http/visitor-address.server'
import { handleQuoteFormPost } from '~/server/quote/quote-form-post.server'

/** The result page of the quote form's no-JavaScript path (POST here, then redirected to GET). */
export const Route = createFileRoute('/quote-request')({
  validateSearch: v.object({
    status: v.fallback(v.optional(v.picklist(['sent', 'invalid', 'rate-limited', 'failed'])), undefined),
    message: v.fallback(v.optional(v.picklist(quoteResultMessages(site.phone))), undefined),
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
  const { status, message } = Route.useSearch()
  return <QuoteResult status={status} message={message} />
}
