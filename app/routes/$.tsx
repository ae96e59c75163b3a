import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { findRedirect } from '~/content/redirects'

/**
 * Every path no route claims. Legacy URLs from the redirect table answer 301 on the server and
 * replace history in the browser; anything else is the 404 page.
 */
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    const target = findRedirect(location.pathname)
    if (target) throw redirect({ ...target, statusCode: 301, replace: true })
    throw notFound()
  },
})
