import { createFileRoute, notFound } from '@tanstack/react-router'

/** Where unknown city slugs land, with HTTP 404. */
export const Route = createFileRoute('/404')({
  beforeLoad: () => {
    throw notFound()
  },
})
