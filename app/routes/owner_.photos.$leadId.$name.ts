import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import { ownerPhotoResponse } from '~/features/owner/lead-photos.server'
import { forOwner } from '~/platform/http/owner-access.server'

/** A visitor's photo, for the signed-in owner only (decision 044). */
export const Route = createFileRoute('/owner_/photos/$leadId/$name')({
  server: {
    handlers: {
      GET: forOwner(({ params }: { params: { leadId: string; name: string } }) =>
        ownerPhotoResponse(db, files(), params),
      ),
    },
  },
})
