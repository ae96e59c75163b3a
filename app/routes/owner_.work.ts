import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import { forOwner } from '~/platform/http/owner-access.server'
import { handlePostWork } from '~/features/work/post-work.server'

// Opened in a browser (a bookmark, a refresh after a plain post): the form lives in the inbox.
const toTheForm = () => new Response(null, { status: 303, headers: { Location: '/owner?view=work' } })

/** The owner's before and after photos, posted to the site's gallery: JSON answers only (decision 049). */
export const Route = createFileRoute('/owner_/work')({
  server: {
    handlers: {
      GET: toTheForm,
      POST: forOwner(({ request }: { request: Request }) => handlePostWork(db, request, files())),
    },
  },
})
