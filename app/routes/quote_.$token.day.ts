import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { seeOther } from '~/platform/http/link-page.server'
import { dayRequestPost } from '~/features/schedule/day-page.server'

/** The quote page's day form posts here (docs/decisions/062-owner-day.md); a reload lands back on the page. */
export const Route = createFileRoute('/quote_/$token/day')({
  server: {
    handlers: {
      GET: ({ params }) => seeOther(`/quote/${encodeURIComponent(params.token)}`),
      POST: ({ request, params }) =>
        dayRequestPost(db, request, params.token, {
          ip: visitorAddress(request),
          now: new Date(),
          limits: runtimeConfig().quote,
          push: Boolean(runtimeConfig().owner.vapid),
        }),
    },
  },
})
