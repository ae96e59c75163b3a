import { createFileRoute } from '@tanstack/react-router'
import { OWNER_SERVICE_WORKER } from '~/features/owner/owner-service-worker'

/** Under /owner/, so its scope never reaches the public pages. */
export const Route = createFileRoute('/owner_/sw.js')({
  server: {
    handlers: {
      GET: () =>
        new Response(OWNER_SERVICE_WORKER, {
          headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
        }),
    },
  },
})
