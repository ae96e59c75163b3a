// Card payments through Stripe Checkout with the official SDK (docs/decisions/055-invoices-and-payments.md): a fresh
// hosted session per "Pay" click, and refunds; what Stripe says happened next is stripe-events.server.ts. No card
// data ever reaches the site.
import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import { isValidEmail } from '../../lib/text'
import { OWNER_INVOICE_TEXTS, payLink, type InvoiceRefusal, type RefundState } from './invoice'
import type { RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { log } from '../../platform/log/logger.server'

const clients = new WeakMap<object, Stripe>()

/** The SDK for these settings, or null when card payments are off. */
export function stripeOf(settings: RuntimeConfig['stripe']): Stripe | null {
  if (!settings) return null
  let client = clients.get(settings)
  if (!client) {
    client = new Stripe(settings.secretKey, { ...(settings.api ?? {}), maxNetworkRetries: 2, timeout: 20_000 })
    clients.set(settings, client)
  }
  return client
}

/** Stripe's own refusal (a bad amount, an already refunded charge), as opposed to Stripe being unreachable. */
export const refusedByStripe = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError

/** No answer, a 5xx or a 429 after the SDK's own retries: worth trying again later. */
const stripeUnreachable = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError

export const isSessionId = (id: string) => /^cs_[A-Za-z0-9_]{1,250}$/.test(id)

/**
 * A new Checkout Session for the balance the server computed, answered with its hosted page's address. The key makes
 * a repeated post of one rendered page (a double click) the same session; the invoice's older open sessions are
 * expired, best effort, so one balance is not paid twice from two tabs.
 */
export async function createCheckout(
  db: Db,
  invoice: { leadId: string; token: string; number: number; balanceCents: number; email: string },
  click: string,
  settings: NonNullable<RuntimeConfig['stripe']>,
  now: Date,
): Promise<string> {
  const stripe = stripeOf(settings)!
  const { leadId, token, number, balanceCents } = invoice
  const metadata = { lead: leadId, invoice: String(number) }
  const key = createHash('sha256').update(`${leadId}:${balanceCents}:${click}`).digest('base64url')
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: balanceCents, product_data: { name: `Invoice ${number}` } },
          quantity: 1,
        },
      ],
      success_url: `${payLink(token)}?session={CHECKOUT_SESSION_ID}`,
      cancel_url: payLink(token),
      client_reference_id: leadId,
      metadata,
      payment_intent_data: { metadata },
      ...(isValidEmail(invoice.email) ? { customer_email: invoice.email } : {}),
    },
    { idempotencyKey: `checkout-${key}` },
  )
  await db
    .insertInto('checkout_sessions')
    .values({ id: session.id, lead_id: leadId, amount_cents: balanceCents })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const older = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('id', '<>', session.id)
    .where('closed_at', 'is', null)
    .execute()
  for (const { id } of older) {
    try {
      await stripe.checkout.sessions.expire(id)
    } catch (error) {
      // Paid, expired or gone already: closed all the same. Stripe unreachable: tried again at the next click.
      if (!refusedByStripe(error)) continue
    }
    await db.updateTable('checkout_sessions').set({ closed_at: now }).where('id', '=', id).execute()
  }
  return session.url!
}

/** A Stripe refund's status as the refunds table keeps it; requires_action waits as pending does. */
export function refundStateOf(refund: Stripe.Refund): { state: RefundState; failureReason: string | null } {
  const { status } = refund
  const state = status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending'
  // Stripe's reasons are snake_case words; anything else is kept as "unknown" rather than refused by the table.
  const reason =
    refund.failure_reason && /^[a-z_]{1,60}$/.test(refund.failure_reason) ? refund.failure_reason : 'unknown'
  return { state, failureReason: state === 'failed' ? reason : null }
}

/** A card payment's refund through Stripe: its id and status, or Stripe's refusal or silence in the owner's words. */
export async function refundCardPayment(
  settings: RuntimeConfig['stripe'],
  payment: {
    leadId: string
    paymentId: string
    cents: number
    stripe_payment_intent: string | null
    /** Of any state: one that failed still moves the key on, or Stripe would answer the same amount with it. */
    refundsSoFar: number | null
  },
): Promise<({ id: string } & ReturnType<typeof refundStateOf>) | InvoiceRefusal> {
  const stripe = stripeOf(settings)
  if (!stripe) return { status: 409, message: OWNER_INVOICE_TEXTS.refundNoStripe }
  // The same tap again (a retry after a lost answer) reuses the key; a later refund comes after one more refund.
  const key = `refund-${payment.paymentId}-${payment.refundsSoFar ?? 0}-${payment.cents}`
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: payment.stripe_payment_intent!,
        amount: payment.cents,
        metadata: { lead: payment.leadId, payment: payment.paymentId },
      },
      { idempotencyKey: key },
    )
    return { id: refund.id, ...refundStateOf(refund) }
  } catch (error) {
    if (refusedByStripe(error)) return { status: 409, message: OWNER_INVOICE_TEXTS.refundRefused(error.message) }
    if (!stripeUnreachable(error)) throw error
    log('payments').warn({ payment: payment.paymentId, err: (error as Error).message }, 'Stripe unreachable; no refund')
    return { status: 503, message: OWNER_INVOICE_TEXTS.refundUnreachable }
  }
}
