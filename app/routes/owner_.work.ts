import { createFileRoute } from '@tanstack/react-router'
import { handlePostWork } from '~/server/work/post-work.server'

/** The owner's before and after photos, posted to the site's gallery: JSON answers only (decision 049). */
export const Route = createFileRoute('/owner_/work')({
  server: {
    handlers: {
      POST: ({ request }) => handlePostWork(request),
    },
  },
})
