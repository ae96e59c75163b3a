import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/server/backend/backend.server'
import { visitorAddress } from '~/server/http/visitor-address.server'
import { handleLeadPhotosPost } from '~/server/leads/lead-photos.server'

/** Photos for a stored lead: JSON for the script, a redirect for the plain form (decision 044). */
export const Route = createFileRoute('/quote-photos')({
  server: {
    handlers: {
      POST: ({ request }) => handleLeadPhotosPost(request, visitorAddress(request), getBackend()),
      GET: () => new Response(null, { status: 303, headers: { Location: '/quote-request' } }),
    },
  },
})
