// What Stripe says happened to a payment (docs/decisions/055-invoices-and-payments.md): the webhook, and the pay
// page when the customer is back before it. Each reads the session from Stripe's API rather than an event's body,
// and records it in one transaction, so a repeat or an event out of order changes nothing the truth does not.
import Stripe from 'stripe'
import { refundCounts } from './invoice'
import { pacificDate } from '../../platform/time/business-hours.server'
import type { RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { bodyLengthRefusal } from '../../platform/http/body-length.server'
import { limitAsQuoteForm, READS_PER_POST } from '../../platform/http/link-page.server'
import { log } from '../../platform/log/logger.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { addRefund, lockInvoice, moneyMoved } from './invoice-writes.server'
import { isSessionId, refundStateOf, refusedByStripe, stripeOf } from './stripe.server'

type Snapshot = {
  session: Stripe.Checkout.Session
  intent: Stripe.PaymentIntent | null
  charge: Stripe.Charge | null
  refunds: Stripe.Refund[]
}

/**
 * The session as Stripe has it now, with its payment, charge, fee and refunds. The refunds are listed whatever the
 * charge's refunded sum: one that failed was taken off it, and is still to be followed.
 */
async function readSession(stripe: Stripe, id: string, options: Stripe.RequestOptions = {}): Promise<Snapshot> {
  const expand = ['payment_intent.latest_charge.balance_transaction']
  const session = await stripe.checkout.sessions.retrieve(id, { expand }, options)
  const intent = session.payment_intent as Stripe.PaymentIntent | null
  const charge = (intent?.latest_charge ?? null) as Stripe.Charge | null
  const paid = charge?.status === 'succeeded'
  const refunds = paid ? (await stripe.refunds.list({ charge: charge.id, limit: 100 }, options)).data : []
  return { session, intent, charge, refunds }
}

const SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]
// A refund made, and one that moved on later (pending to succeeded, failed or canceled): each names its payment.
const REFUND_EVENTS = ['charge.refunded', 'refund.updated', 'refund.failed', 'charge.refund.updated']

/** The Checkout Session an event is about, if it is one the site handles. */
async function sessionOf(stripe: Stripe, event: Stripe.Event): Promise<string | null> {
  if (SESSION_EVENTS.includes(event.type)) return (event.data.object as Stripe.Checkout.Session).id
  if (!REFUND_EVENTS.includes(event.type)) return null
  const intent = (event.data.object as Stripe.Charge | Stripe.Refund).payment_intent
  const intentId = typeof intent === 'string' ? intent : intent?.id
  if (!intentId) return null
  return (await stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 })).data[0]?.id ?? null
}

/**
 * The payment and refunds of one of our sessions, as Stripe has them: inserted or moved on (processing to
 * succeeded or failed), each new one with its receipt. A session whose amount or currency is not the one made for
 * the invoice records nothing and is logged for the owner to look at in Stripe.
 */
async function applySession(
  tx: Db,
  snapshot: Snapshot,
  made: MadeSession,
  { push, now }: { push: boolean; now: Date },
) {
  const { session, intent, charge } = snapshot
  const leadId = made.lead_id
  if (!intent || !(await lockInvoice(tx, leadId)).invoice) return
  if (session.currency !== 'usd' || session.amount_total !== made.amount_cents) {
    const seen = { session: session.id, currency: session.currency, amount: session.amount_total }
    log('payments').error({ ...seen, expected: made.amount_cents }, 'a paid session does not match its invoice')
    // The pay page tells the customer it did not go through, rather than "processing" for ever.
    await tx
      .updateTable('checkout_sessions')
      .set({ mismatched_at: now })
      .where('id', '=', session.id)
      .where('mismatched_at', 'is', null)
      .execute()
    return
  }
  const state = intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed'
  const transaction = charge?.balance_transaction as Stripe.BalanceTransaction | null | undefined
  const facts = {
    state,
    fee_cents: transaction?.fee ?? 0,
    stripe_charge: charge?.id ?? null,
    received_on: pacificDate(now),
  } as const
  const known = await tx
    .selectFrom('payments')
    .select(['id', 'state'])
    .where('stripe_payment_intent', '=', intent.id)
    .forUpdate()
    .executeTakeFirst()
  let paymentId = known?.id
  if (!known) {
    const values = { ...facts, lead_id: leadId, method: 'card', amount_cents: made.amount_cents } as const
    paymentId = (
      await tx
        .insertInto('payments')
        .values({ ...values, stripe_payment_intent: intent.id, stripe_session: session.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  } else if (known.state !== state && known.state !== 'succeeded') {
    await tx.updateTable('payments').set(facts).where('id', '=', known.id).execute()
  }
  if (state === 'succeeded' && known?.state !== 'succeeded')
    await moneyMoved(tx, leadId, { payment: paymentId!, push }, now)
  for (const refund of snapshot.refunds) await followRefund(tx, leadId, paymentId!, refund, push, now)
}

/**
 * One of a payment's Stripe refunds as Stripe has it now: a new one recorded with its status (one that ended
 * before the site heard of it gave nothing back, and is left out), a known one moved on. Failed and canceled are
 * Stripe's last word: the refund stops counting, and the owner is told, since the customer never got the money.
 */
async function followRefund(
  tx: Db,
  leadId: string,
  paymentId: string,
  refund: Stripe.Refund,
  push: boolean,
  now: Date,
) {
  const { state, failureReason } = refundStateOf(refund)
  const known = await tx
    .selectFrom('refunds')
    .select(['id', 'state'])
    .where('stripe_refund', '=', refund.id)
    .executeTakeFirst()
  if (!known) {
    if (!refundCounts(state)) return
    const refundedOn = pacificDate(new Date(refund.created * 1000))
    const values = { payment_id: paymentId, amount_cents: refund.amount, refunded_on: refundedOn }
    return addRefund(tx, leadId, { ...values, stripe_refund: refund.id, state }, now)
  }
  if (known.state === state || !refundCounts(known.state)) return
  await tx.updateTable('refunds').set({ state, failure_reason: failureReason }).where('id', '=', known.id).execute()
  if (!refundCounts(state)) await moneyMoved(tx, leadId, { refundUndone: known.id, push }, now)
}

const MAX_EVENT_BYTES = 512 * 1024
const text = (status: number, body: string) =>
  new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** The settings the webhook reads: Stripe's, the quote form's limit, and whether the owner's alerts are on. */
export type WebhookSettings = Pick<RuntimeConfig, 'stripe' | 'quote'> & { push: boolean }

/** One of the site's Checkout Sessions, with what it was made for; undefined for any other id. */
const madeSession = async (db: Db, id: string) =>
  isSessionId(id)
    ? db.selectFrom('checkout_sessions').select(['lead_id', 'amount_cents']).where('id', '=', id).executeTakeFirst()
    : undefined
type MadeSession = NonNullable<Awaited<ReturnType<typeof madeSession>>>

/**
 * Back from Checkout before the webhook came (Stripe's redirect often wins that race): the session is read from
 * Stripe and recorded as its webhook records it, so a card payer sees "Paid, thank you" at once, and the webhook
 * that follows changes nothing. Stripe not answering: nothing recorded, and the page says "Payment processing".
 */
export async function settleReturnedSession(db: Db, sessionId: string, settings: WebhookSettings, now: Date) {
  const stripe = stripeOf(settings.stripe)
  const made = stripe && (await madeSession(db, sessionId))
  if (!made) return
  let snapshot: Snapshot
  try {
    // A customer waits on this read, and the webhook comes anyway: one try of 5 s, not the SDK's three of 20 s.
    snapshot = await readSession(stripe, sessionId, { timeout: 5_000, maxNetworkRetries: 0 })
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error
    return log('payments').warn({ session: sessionId, err: error.message }, 'Stripe unreachable; the webhook will tell')
  }
  await db.transaction().execute((tx) => applySession(tx, snapshot, made, { push: settings.push, now }))
  deliverSoon()
}

/**
 * POST /stripe/webhook, its raw body as it came. A bad signature is 400 and stores nothing; Stripe unreachable 503.
 * Limited per client like the quote page's reads (Stripe retries a 429 later). What it records is dated `now`.
 */
export async function stripeWebhook(
  db: Db,
  request: Request,
  ip: string,
  settings: WebhookSettings,
  now: Date,
): Promise<Response> {
  const stripe = stripeOf(settings.stripe)
  if (!stripe) return text(404, 'Not Found')
  const wait = await limitAsQuoteForm(db, settings.quote, 'stripe-webhook', ip, READS_PER_POST)
  if (wait > 0) return new Response('Too many requests\n', { status: 429, headers: { 'Retry-After': String(wait) } })
  const refused = bodyLengthRefusal(request, MAX_EVENT_BYTES)
  if (refused) return text(refused.status, refused.error)
  const body = await request.text()
  let event: Stripe.Event
  try {
    const signature = request.headers.get('stripe-signature') ?? ''
    event = stripe.webhooks.constructEvent(body, signature, settings.stripe!.webhookSecret)
  } catch {
    return text(400, 'Bad signature')
  }
  const seen = () => db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst()
  if (await seen()) return text(200, 'Already recorded')
  let snapshot: Snapshot | null = null
  let made: MadeSession | undefined
  try {
    const sessionId = await sessionOf(stripe, event)
    made = sessionId ? await madeSession(db, sessionId) : undefined
    // Another application's session on the same account is none of the site's business.
    if (made) snapshot = await readSession(stripe, sessionId!)
  } catch (error) {
    if (refusedByStripe(error) || !(error instanceof Stripe.errors.StripeError)) throw error
    log('payments').warn({ event: event.id, err: error.message }, 'Stripe unreachable; the event comes again')
    return text(503, 'Stripe is unreachable; send it again later')
  }
  const recorded = await db.transaction().execute(async (tx) => {
    const fresh = await tx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type.slice(0, 100) })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (fresh && snapshot && made) await applySession(tx, snapshot, made, { push: settings.push, now })
    return Boolean(fresh)
  })
  deliverSoon()
  return text(200, recorded ? 'Recorded' : 'Already recorded')
}
