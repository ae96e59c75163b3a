import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { leadSettingsOf } from '~/features/leads/store-lead.server'
import { comeBackPageGet, comeBackPagePost } from '~/features/come-back/come-back-pages.server'
import { offeredDays } from '~/features/come-back/truck-days.server'

/** A reminder's day and "Not this year": a GET shows, only a POST books or snoozes (decision 063). */
export const Route = createFileRoute('/come-back/$token')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        comeBackPageGet(db, params.token, new URL(request.url).searchParams.get('day'), offeredDays, new Date()),
      POST: ({ request, params }) =>
        comeBackPagePost(db, request, params.token, offeredDays, leadSettingsOf(runtimeConfig(), new Date())),
    },
  },
})
