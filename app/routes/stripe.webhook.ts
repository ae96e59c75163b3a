import { createFileRoute } from '@tanstack/react-router'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { visitorAddress } from '~/platform/http/visitor-address.server'
import { stripeWebhook } from '~/features/payments/stripe-events.server'

/** Stripe's events about card payments, verified on the raw body (docs/decisions/055-invoices-and-payments.md). */
export const Route = createFileRoute('/stripe/webhook')({
  server: {
    handlers: {
      POST: ({ request }) => {
        const { stripe, quote, owner } = runtimeConfig()
        const settings = { stripe, quote, push: Boolean(owner.vapid) }
        return stripeWebhook(db, request, visitorAddress(request), settings, new Date())
      },
    },
  },
})
