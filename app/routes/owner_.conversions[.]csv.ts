import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/server/backend/backend.server'
import { ownerConversionsResponse } from '~/server/owner/conversions.server'

/** Won ad clicks for Google Ads' import, for the signed-in owner only: 401 without the session. */
export const Route = createFileRoute('/owner_/conversions.csv')({
  server: {
    handlers: {
      GET: ({ request }) => ownerConversionsResponse(request, getBackend()),
    },
  },
})
