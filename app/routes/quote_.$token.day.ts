import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { seeOther } from '~/platform/http/link-page.server'
import { quotePageVisit } from '~/features/quotes/quote-page.server'
import { dayRequestPost } from '~/features/schedule/day-page.server'

/** The quote page's day form posts here (docs/decisions/063-owner-day.md); a reload lands back on the page. */
export const Route = createFileRoute('/quote_/$token/day')({
  server: {
    handlers: {
      GET: ({ params }) => seeOther(`/quote/${encodeURIComponent(params.token)}`),
      POST: ({ request, params }) => dayRequestPost(db, request, params.token, quotePageVisit(request)),
    },
  },
})
