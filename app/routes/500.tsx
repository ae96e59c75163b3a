import { createFileRoute } from '@tanstack/react-router'

/** The site's error page with HTTP 500, answered in place of a request whose handler failed (app/server.ts). */
export const Route = createFileRoute('/500')({
  beforeLoad: () => {
    throw new Error('the error page')
  },
})
