import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/platform/backend.server'
import { ownerConversionsResponse } from '~/features/owner/conversions.server'
import { forOwner } from '~/features/owner/owner-access.server'

/** Won ad clicks for Google Ads' import, for the signed-in owner only. */
export const Route = createFileRoute('/owner_/conversions.csv')({
  server: {
    handlers: {
      GET: forOwner(() => ownerConversionsResponse(getBackend())),
    },
  },
})
