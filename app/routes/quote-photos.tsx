import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/platform/backend.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { handleLeadPhotosPost } from '~/features/leads/lead-photos.server'

/** Photos for a stored lead: JSON for the script, a redirect for the plain form (decision 044). */
export const Route = createFileRoute('/quote-photos')({
  server: {
    handlers: {
      POST: ({ request }) => handleLeadPhotosPost(request, visitorAddress(request), getBackend()),
      GET: () => new Response(null, { status: 303, headers: { Location: '/quote-request' } }),
    },
  },
})
