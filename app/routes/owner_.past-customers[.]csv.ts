import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { forOwner } from '~/platform/http/owner-access.server'
import { pastCustomersResponse } from '~/features/come-back/past-customers-csv.server'

/** Every past job with its customer, formula-safe (docs/decisions/064-come-back.md). */
export const Route = createFileRoute('/owner_/past-customers.csv')({
  server: { handlers: { GET: forOwner(() => pastCustomersResponse(db, new Date())) } },
})
