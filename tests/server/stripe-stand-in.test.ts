// The real `stripe` SDK against tests/support/stripe-stand-in.ts, with a real local webhook receiver: what
// tests/server/payments.test.ts does not reach through the site (signatures over the raw body, Idempotency-Key, bank
// payments, refunds that end later, Stripe's refusals), checked here so that a broken stand-in fails by name.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpStub, type HttpStub } from '../support/http-stub'
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in'

let standIn: StripeStandIn
let stripe: Stripe
let receiver: HttpStub

beforeAll(async () => {
  receiver = await startHttpStub({ text: 'ok' })
  standIn = await startStripeStandIn({ webhookUrl: `${receiver.url}/stripe/webhook` })
  stripe = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
})
afterAll(async () => {
  await standIn.close()
  await receiver.stop()
})

/** What the receiver got for this event (its latest delivery). */
function requestFor(eventId: string) {
  const request = receiver.requests.findLast((request) => (request.body as { id: string }).id === eventId)!
  return { body: request.text, signature: String(request.headers['stripe-signature']) }
}

/** The event as the site will read it: verified against the raw body and its signature. */
function verified(eventId: string) {
  const { body, signature } = requestFor(eventId)
  return stripe.webhooks.constructEvent(body, signature, standIn.webhookSecret)
}

/** $150.75 for two lines, as the site's sessions are made (it makes one line). */
function newSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 12_075, product_data: { name: 'House wash' } }, quantity: 1 },
        { price_data: { currency: 'usd', unit_amount: 1_500, product_data: { name: 'Gutter rinse' } }, quantity: 2 },
      ],
      success_url: 'https://site.test/pay/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://site.test/pay/cancelled',
      client_reference_id: 'quote-17',
      metadata: { quote: '17' },
      customer_email: 'pat@example.com',
      payment_intent_data: { metadata: { quote: '17' } },
      ...overrides,
    },
    options,
  )
}

/** Presses "Pay" on the hosted page as a browser without JavaScript would; returns where it was sent. */
async function payOnPage(url: string) {
  const page = await fetch(url)
  expect(await page.text()).toContain('<button type="submit">Pay $150.75</button>')
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBe(303)
  return paid.headers.get('location')
}

const intentOf = async (session: string) => (await stripe.checkout.sessions.retrieve(session)).payment_intent as string

describe('Stripe stand-in (no network here): a card payment through the real SDK', () => {
  // The amount, the return to success_url, the fee read through the expanded session and the delivery the site
  // verifies are payments.test.ts's, through the site's own code.
  it('pays on the hosted page and signs checkout.session.completed over its raw body, at the SDK version', async () => {
    const session = await newSession()
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid' })
    expect(await payOnPage(session.url!)).toBe(`https://site.test/pay/done?session=${session.id}`)
    const delivery = await standIn.delivered('checkout.session.completed', session.id)
    expect(delivery).toMatchObject({ status: 200, answer: 'ok' })
    const event = verified(delivery.eventId)
    // Stripe's bodies are indented JSON: a handler that parses and re-serializes before verifying fails, as there.
    const { body, signature } = requestFor(delivery.eventId)
    const reserialized = JSON.stringify(JSON.parse(body))
    expect(() => stripe.webhooks.constructEvent(reserialized, signature, standIn.webhookSecret)).toThrow()
    expect(event).toMatchObject({ type: 'checkout.session.completed', api_version: Stripe.API_VERSION })
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', client_reference_id: 'quote-17' })
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] })
    expect(read.payment_intent).toMatchObject({ status: 'succeeded', metadata: { quote: '17' } })

    // Sent again with another secret's signature: the site's check refuses it.
    await standIn.send(delivery.eventId, { badSignature: true })
    const resent = requestFor(delivery.eventId)
    expect(resent.body).toBe(body)
    expect(() => stripe.webhooks.constructEvent(resent.body, resent.signature, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  // A refund and its charge.refunded, made in Stripe's dashboard or by the owner, are payments.test.ts's.
  it('refuses a refund of more than remains, and of a charge refunded in full, as Stripe does', async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const intent = await intentOf(session.id)
    await stripe.refunds.create({ payment_intent: intent, amount: 5_000 })
    const tooMuch = await stripe.refunds.create({ payment_intent: intent, amount: 10_076 }).catch((error) => error)
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      message: 'Refund amount ($100.76) is greater than unrefunded amount on charge ($100.75)',
    })
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(10_075)
    const again = await stripe.refunds.create({ payment_intent: intent }).catch((error) => error)
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' })
  })

  it('replays an Idempotency-Key answer and refuses the key with other parameters', async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const intent = await intentOf(session.id)
    const first = await stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'refund-1' })
    const replay = await stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey: 'refund-1' })
    expect(replay.id).toBe(first.id)
    expect(standIn.objects.get(first.charge as string)).toMatchObject({ amount_refunded: 100 })
    const other = await stripe.refunds
      .create({ payment_intent: intent, amount: 200 }, { idempotencyKey: 'refund-1' })
      .catch((error) => error)
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
  })
})

describe('Stripe stand-in (no network here): payments and refunds that end later', () => {
  // A bad signature, a redelivery under the same id, and events held and released out of order are
  // payments.test.ts's, through the site's webhook handler.
  it('a bank payment stays processing until it succeeds or fails', async () => {
    standIn.settlesLater = true
    const [good, bad] = [await newSession(), await newSession()]
    await payOnPage(good.url!)
    await payOnPage(bad.url!)
    standIn.settlesLater = false
    const pending = await stripe.checkout.sessions.retrieve(good.id, { expand: ['payment_intent'] })
    expect(pending).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: { status: 'processing' },
    })
    const processing = (pending.payment_intent as Stripe.PaymentIntent).id
    await expect(stripe.refunds.create({ payment_intent: processing })).rejects.toMatchObject({
      statusCode: 400,
      message: 'This PaymentIntent does not have a successful charge to refund.',
    })

    standIn.settle(good.id, 'succeeded')
    const succeeded = verified((await standIn.delivered('checkout.session.async_payment_succeeded', good.id)).eventId)
    expect(succeeded.data.object).toMatchObject({ id: good.id, payment_status: 'paid' })
    standIn.settle(bad.id, 'failed')
    const failed = verified((await standIn.delivered('checkout.session.async_payment_failed', bad.id)).eventId)
    expect(failed.data.object).toMatchObject({ id: bad.id, payment_status: 'unpaid' })
    const paid = await stripe.checkout.sessions.retrieve(good.id, {
      expand: ['payment_intent.latest_charge.balance_transaction'],
    })
    // ACH Direct Debit: 0.8% of $150.75, 120.6¢, rounded to 121.
    expect(paid).toMatchObject({ payment_intent: { latest_charge: { balance_transaction: { fee: 121 } } } })
    const found = await stripe.checkout.sessions.list({ payment_intent: processing, limit: 1 })
    expect(found.data.map((session) => session.id)).toEqual([good.id])
  })

  it("keeps a refund pending until it fails or (a bank debit's) is canceled, and makes its amount refundable again", async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const intent = await intentOf(session.id)
    standIn.refundsPending = true
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 5_000 })
    standIn.refundsPending = false
    expect(refund.status).toBe('pending')
    expect(() => standIn.settleRefund(refund.id, 'canceled')).toThrow('A card refund pending does not become canceled')

    standIn.settleRefund(refund.id, 'failed')
    const failed = verified((await standIn.delivered('refund.failed', refund.id)).eventId)
    const updated = verified((await standIn.delivered('refund.updated', refund.id)).eventId)
    for (const event of [failed, updated])
      expect(event.data.object).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' })
    expect((await stripe.refunds.list({ charge: refund.charge as string })).data).toMatchObject([{ status: 'failed' }])
    // The money came back to the account: the whole charge can be refunded again.
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(15_075)

    standIn.settlesLater = true
    const bank = await newSession()
    await payOnPage(bank.url!)
    standIn.settlesLater = false
    standIn.settle(bank.id, 'succeeded')
    standIn.refundsPending = true
    const bankRefund = await stripe.refunds.create({ payment_intent: await intentOf(bank.id) })
    standIn.refundsPending = false
    standIn.settleRefund(bankRefund.id, 'canceled')
    const canceled = verified((await standIn.delivered('refund.updated', bankRefund.id)).eventId)
    expect(canceled.data.object).toMatchObject({ id: bankRefund.id, status: 'canceled' })
    expect(standIn.objects.get(bankRefund.charge as string)).toMatchObject({ amount_refunded: 0 })
  })
})

describe('Stripe stand-in (no network here): refusals in Stripe error shape', () => {
  it('refuses an unknown id, a parameter the site does not send, a wrong key and an expired session', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_nope'",
    })
    await expect(newSession({ locale: 'fr' })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
    await expect(stranger.checkout.sessions.retrieve('cs_test_1')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    )

    const session = await newSession()
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired')
    expect((await fetch(session.url!, { method: 'POST', redirect: 'manual' })).status).toBe(410)
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 })
  })

  it('answers 503 to every call while Stripe is down, remembering no idempotency key', async () => {
    standIn.unavailable = true
    const down = await newSession({}, { idempotencyKey: 'outage-1' }).catch((error) => error)
    standIn.unavailable = false
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(down).toMatchObject({ statusCode: 503 })
    // The same key once Stripe is back makes the session: the outage did nothing.
    expect((await newSession({}, { idempotencyKey: 'outage-1' })).status).toBe('open')
  })
})
