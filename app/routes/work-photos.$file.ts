import { createFileRoute } from '@tanstack/react-router'
import { workPhotoResponse } from '~/features/work/posted-work.server'

/** A shown job's encoded variant, cached as long as a page (decisions 049, 052). */
export const Route = createFileRoute('/work-photos/$file')({
  server: {
    handlers: {
      GET: ({ request, params }) => workPhotoResponse(request, params.file),
    },
  },
})
