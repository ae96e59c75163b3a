import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/server/backend/backend.server'
import { ownerPhotoResponse } from '~/server/owner/lead-photos.server'

/** A visitor's photo, for the signed-in owner only: 401 without the session (decision 044). */
export const Route = createFileRoute('/owner_/photos/$leadId/$name')({
  server: {
    handlers: {
      GET: ({ params }) => ownerPhotoResponse(params.leadId, params.name, getBackend()),
    },
  },
})
