import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/server/backend/backend.server'
import { forOwner } from '~/server/owner/owner-access.server'
import { moneyCsvResponse } from '~/server/payments/payments.server'

/** Every payment and refund for the bookkeeper, for the signed-in owner only (decision 055). */
export const Route = createFileRoute('/owner_/money.csv')({
  server: {
    handlers: {
      GET: forOwner(() => moneyCsvResponse(getBackend())),
    },
  },
})
