import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { findRedirect } from '~/content/redirects'

/** Legacy URLs answer 301 on the server and replace history in the browser (docs/product.md#redirects). */
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    const target = findRedirect(location.pathname)
    if (target) throw redirect({ ...target, statusCode: 301, replace: true })
    throw notFound()
  },
})
