import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { calendarFeedResponse } from '~/features/quotes/calendar.server'

/** The owner's scheduled jobs as a calendar feed, /calendar/<secret>.ics: a wrong or renewed secret is 404 (decision 053). */
export const Route = createFileRoute('/calendar/$file')({
  server: {
    handlers: {
      GET: ({ params }) => calendarFeedResponse(db, params.file, new Date()),
    },
  },
})
