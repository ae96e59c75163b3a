import { createFileRoute } from '@tanstack/react-router'
import { getBackend } from '~/platform/backend.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { stripeWebhook } from '~/features/payments/stripe.server'

/** Stripe's events about card payments, verified on the raw body (docs/decisions/055-invoices-and-payments.md). */
export const Route = createFileRoute('/stripe/webhook')({
  server: {
    handlers: {
      POST: ({ request }) => stripeWebhook(request, visitorAddress(request), getBackend()),
    },
  },
})
