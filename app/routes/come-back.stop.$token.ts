import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { stopPageGet, stopPagePost } from '~/features/come-back/come-back-pages.server'

/** "Stop reminders": the page's one button, or a mail client's RFC 8058 one-click post (decision 064). */
export const Route = createFileRoute('/come-back/stop/$token')({
  server: {
    handlers: {
      GET: ({ params }) => stopPageGet(db, params.token),
      POST: ({ request, params }) => stopPagePost(db, request, params.token, new Date()),
    },
  },
})
