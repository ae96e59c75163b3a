import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/platform/backend.server'
import { ownerPhotoResponse } from '~/features/owner/lead-photos.server'
import { forOwner } from '~/features/owner/owner-access.server'

/** A visitor's photo, for the signed-in owner only (decision 044). */
export const Route = createFileRoute('/owner_/photos/$leadId/$name')({
  server: {
    handlers: {
      GET: forOwner(({ params }: { params: { leadId: string; name: string } }) =>
        ownerPhotoResponse(params.leadId, params.name, getBackend()),
      ),
    },
  },
})
