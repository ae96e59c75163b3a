import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { findRedirect } from '~/content/redirects'

export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    const target = findRedirect(location.pathname)
    if (target) throw redirect({ ...target, statusCode: 301, replace: true })
    throw notFound()
  },
})
