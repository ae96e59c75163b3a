import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { leadSettingsOf } from '~/features/leads/store-lead.server'
import { comeBackPageGet, comeBackPagePost } from '~/features/come-back/come-back-pages.server'

/** A reminder's day and "Not this year": a GET shows, only a POST books or snoozes (decision 064). */
export const Route = createFileRoute('/come-back/$token')({
  // Declared, or the server drops it as it drops ad tags (page-url.server.ts); an odd value is just not a day.
  validateSearch: v.object({
    day: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  }),
  server: {
    handlers: {
      GET: ({ request, params }) =>
        comeBackPageGet(db, params.token, new URL(request.url).searchParams.get('day'), new Date()),
      POST: ({ request, params }) =>
        comeBackPagePost(db, request, params.token, leadSettingsOf(runtimeConfig(), new Date())),
    },
  },
})
