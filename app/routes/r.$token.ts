import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { reviewLinkResponse } from '~/features/come-back/review-requests.server'

/** A review request's link: counted, then on to the place's Google review page (decision 064). */
export const Route = createFileRoute('/r/$token')({
  server: {
    handlers: {
      GET: ({ params }) => reviewLinkResponse(db, params.token, runtimeConfig().owner.googleReviewUrl, new Date()),
    },
  },
})
