import { createFileRoute } from '@tanstack/react-router'
import { workPhotoResponse } from '~/server/work/posted-work.server'

/** A posted job's encoded variant, immutable like /img/ (decision 049). */
export const Route = createFileRoute('/work-photos/$file')({
  server: {
    handlers: {
      GET: ({ request, params }) => workPhotoResponse(request, params.file),
    },
  },
})
