import { createFileRoute, notFound } from '@tanstack/react-router'

/** /404 exists so unknown city slugs have somewhere to land; it renders the not-found page with HTTP 404. */
export const Route = createFileRoute('/404')({
  beforeLoad: () => {
    throw notFound()
  },
})
