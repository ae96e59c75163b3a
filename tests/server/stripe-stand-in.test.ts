// The real `stripe` SDK against tests/support/stripe-stand-in.ts, with a real local webhook receiver: what the
// site's payment tests will lean on, checked once here so that a broken stand-in fails by name.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in'

let standIn: StripeStandIn
let stripe: Stripe
const received: { body: string; signature: string }[] = []
let receiverStatus = 200
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    received.push({
      body: Buffer.concat(chunks).toString('utf8'),
      signature: String(request.headers['stripe-signature']),
    })
    response.writeHead(receiverStatus).end(receiverStatus === 200 ? 'ok' : 'not now')
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe/webhook`
  standIn = await startStripeStandIn({ webhookUrl })
  stripe = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
})
afterAll(async () => {
  await standIn.close()
  await new Promise((resolve) => receiver.close(resolve))
})

/** What the receiver got for this event (its latest delivery). */
const requestFor = (eventId: string) => received.findLast((request) => JSON.parse(request.body).id === eventId)!

/** The event as the site will read it: verified against the raw body and its signature. */
function verified(eventId: string) {
  const { body, signature } = requestFor(eventId)
  return stripe.webhooks.constructEvent(body, signature, standIn.webhookSecret)
}

function newSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: 12_075, product_data: { name: 'House wash' } }, quantity: 1 },
      {
        price_data: { currency: 'usd', unit_amount: 1_500, product_data: { name: 'Gutter rinse <fast>' } },
        quantity: 2,
      },
    ],
    success_url: 'https://site.test/pay/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://site.test/pay/cancelled',
    client_reference_id: 'quote-17',
    metadata: { quote: '17' },
    customer_email: 'pat@example.com',
    payment_intent_data: { metadata: { quote: '17' } },
    ...overrides,
  })
}

/** Presses "Pay" on the hosted page as a browser without JavaScript would; returns where it was sent. */
async function payOnPage(url: string) {
  const page = await fetch(url)
  const html = await page.text()
  expect(html).toContain('<button type="submit">Pay $150.75</button>')
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBe(303)
  return paid.headers.get('location')
}

describe('Stripe stand-in (no network here): a card payment through the real SDK', () => {
  it('pays on the hosted page, redirects to success_url, signs checkout.session.completed and shows the fee', async () => {
    const session = await newSession()
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 15_075,
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.payment_intent).toBeNull()
    const page = await (await fetch(session.url!)).text()
    expect(page).toContain('Gutter rinse &lt;fast&gt; × 2: $30.00')
    expect(page).toContain('<a href="https://site.test/pay/cancelled">Cancel</a>')

    expect(await payOnPage(session.url!)).toBe(`https://site.test/pay/done?session=${session.id}`)
    const delivery = await standIn.delivered('checkout.session.completed', session.id)
    expect(delivery).toMatchObject({ status: 200, answer: 'ok', signature: 'valid' })
    const event = verified(delivery.eventId)
    // Stripe's bodies are indented JSON: a handler that parses and re-serializes before verifying fails, as there.
    const { body, signature } = requestFor(delivery.eventId)
    const reserialized = JSON.stringify(JSON.parse(body))
    expect(() => stripe.webhooks.constructEvent(reserialized, signature, standIn.webhookSecret)).toThrow()
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      livemode: false,
      api_version: Stripe.API_VERSION,
    })
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', client_reference_id: 'quote-17' })

    const read = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge.balance_transaction'],
    })
    const intent = read.payment_intent as Stripe.PaymentIntent
    const charge = intent.latest_charge as Stripe.Charge
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction
    expect(intent).toMatchObject({ status: 'succeeded', metadata: { quote: '17' } })
    // 2.9% of $150.75 is 437.175¢, rounded to 437, plus 30¢.
    expect(transaction).toMatchObject({ amount: 15_075, fee: 467, net: 14_608, source: charge.id })
    expect((await stripe.balanceTransactions.retrieve(transaction.id)).fee).toBe(467)
  })

  it('refunds part, sends charge.refunded, and refuses more than remains as Stripe does', async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string

    const refund = await stripe.refunds.create({
      payment_intent: intentId,
      amount: 5_000,
      reason: 'requested_by_customer',
    })
    expect(refund).toMatchObject({ object: 'refund', amount: 5_000, status: 'succeeded', payment_intent: intentId })
    const event = verified((await standIn.delivered('charge.refunded', refund.charge as string)).eventId)
    expect(event.data.object).toMatchObject({ object: 'charge', amount_refunded: 5_000, refunded: false })

    const tooMuch = await stripe.refunds.create({ payment_intent: intentId, amount: 10_076 }).catch((error) => error)
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($100.76) is greater than unrefunded amount on charge ($100.75)',
    })
    const rest = await stripe.refunds.create({ payment_intent: intentId })
    expect(rest.amount).toBe(10_075)
    expect((await stripe.charges.retrieve(rest.charge as string)).refunded).toBe(true)
    const again = await stripe.refunds.create({ charge: rest.charge as string }).catch((error) => error)
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' })
    expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(5_000)
  })

  it('replays an Idempotency-Key answer and refuses the key with other parameters', async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string
    const first = await stripe.refunds.create({ payment_intent: intentId, amount: 100 }, { idempotencyKey: 'refund-1' })
    const replay = await stripe.refunds.create(
      { payment_intent: intentId, amount: 100 },
      { idempotencyKey: 'refund-1' },
    )
    expect(replay.id).toBe(first.id)
    expect((await stripe.charges.retrieve(first.charge as string)).amount_refunded).toBe(100)
    const other = await stripe.refunds
      .create({ payment_intent: intentId, amount: 200 }, { idempotencyKey: 'refund-1' })
      .catch((error) => error)
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
  })
})

describe('Stripe stand-in (no network here): webhook controls', () => {
  it('a bad signature fails constructEvent; a redelivery keeps the event id; the receiver status is kept', async () => {
    const session = await newSession()
    await payOnPage(session.url!)
    const { eventId } = await standIn.delivered('checkout.session.completed', session.id)
    const bad = await standIn.send(eventId, { badSignature: true })
    expect(bad.signature).toBe('bad')
    expect(() => verified(eventId)).toThrow(Stripe.errors.StripeSignatureVerificationError)
    receiverStatus = 500
    expect(await standIn.send(eventId)).toMatchObject({ eventId, status: 500, answer: 'not now' })
    receiverStatus = 200
    expect(verified(eventId).id).toBe(eventId)
  })

  it('holds events back and releases them out of order', async () => {
    standIn.holding = true
    const session = await newSession()
    await payOnPage(session.url!)
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string
    await stripe.refunds.create({ payment_intent: intentId, amount: 1_000 })
    standIn.holding = false
    const [completed, refunded] = standIn.held
    expect([completed!.type, refunded!.type]).toEqual(['checkout.session.completed', 'charge.refunded'])
    const sent = await standIn.release([refunded!.id, completed!.id])
    expect(sent.map((delivery) => delivery.type)).toEqual(['charge.refunded', 'checkout.session.completed'])
    expect(received.slice(-2).map((request) => JSON.parse(request.body).id)).toEqual([refunded!.id, completed!.id])
    expect(standIn.held).toEqual([])
  })

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
  })
})

describe('Stripe stand-in (no network here): refusals in Stripe error shape', () => {
  it('refuses an unknown id, a missing parameter, a wrong key and an expired session', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_nope'",
    })
    await expect(
      newSession({ line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
    })
    await expect(newSession({ locale: 'fr' })).rejects.toMatchObject({ code: 'parameter_unknown', param: 'locale' })
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
    await expect(stranger.charges.retrieve('ch_1')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)

    const session = await newSession()
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired')
    expect((await fetch(session.url!)).status).toBe(410)
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 })
  })
})
