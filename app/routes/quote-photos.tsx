import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { handleLeadPhotosPost } from '~/features/leads/lead-photos.server'

/** Photos for a stored lead: JSON for the script, a redirect for the plain form (decision 044). */
export const Route = createFileRoute('/quote-photos')({
  server: {
    handlers: {
      POST: ({ request }) =>
        handleLeadPhotosPost(db, request, visitorAddress(request), {
          files: files(),
          push: Boolean(runtimeConfig().owner.vapid),
          now: new Date(),
        }),
      GET: () => new Response(null, { status: 303, headers: { Location: '/quote-request' } }),
    },
  },
})
