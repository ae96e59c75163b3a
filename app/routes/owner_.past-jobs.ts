import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { forOwner } from '~/platform/http/owner-access.server'
import { handlePastJobsPost } from '~/features/come-back/past-jobs-post.server'

const toTheView = () => new Response(null, { status: 303, headers: { Location: '/owner/due-again' } })

/** The owner's CSV of past jobs (docs/decisions/064-come-back.md). */
export const Route = createFileRoute('/owner_/past-jobs')({
  server: {
    handlers: {
      GET: toTheView,
      POST: forOwner(({ request }: { request: Request }) => handlePastJobsPost(db, request, new Date())),
    },
  },
})
