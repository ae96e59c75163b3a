import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { files } from '~/platform/files/file-store.server'
import { workPhotoResponse } from '~/features/work/posted-work.server'

/** A shown job's encoded variant, cached as long as a page (decisions 049, 052). */
export const Route = createFileRoute('/work-photos/$file')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        workPhotoResponse(db, { request, file: params.file }, files(), runtimeConfig().htmlCacheSeconds),
    },
  },
})
