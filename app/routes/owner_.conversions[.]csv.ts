import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { ownerConversionsResponse } from '~/features/owner/conversions.server'
import { forOwner } from '~/platform/http/owner-access.server'

/** Won ad clicks for Google Ads' import, for the signed-in owner only. */
export const Route = createFileRoute('/owner_/conversions.csv')({
  server: {
    handlers: {
      GET: forOwner(() => ownerConversionsResponse(db, runtimeConfig().owner.conversionName, new Date())),
    },
  },
})
