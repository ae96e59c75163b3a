import { createFileRoute } from '@tanstack/react-router'
import { forOwner } from '~/platform/http/owner-access.server'
import { templateResponse } from '~/features/come-back/past-customers-csv.server'

/** The past jobs import's template (docs/decisions/064-come-back.md). */
export const Route = createFileRoute('/owner_/past-jobs-template.csv')({
  server: { handlers: { GET: forOwner(() => templateResponse()) } },
})
