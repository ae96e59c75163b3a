import { createFileRoute } from '@tanstack/react-router'
import { db } from '~/platform/db/db.server'
import { forOwner } from '~/platform/http/owner-access.server'
import { moneyCsvResponse } from '~/features/payments/payments.server'

/** Every payment and refund for the bookkeeper, for the signed-in owner only (decision 055). */
export const Route = createFileRoute('/owner_/money.csv')({
  server: {
    handlers: {
      GET: forOwner(() => moneyCsvResponse(db, new Date())),
    },
  },
})
