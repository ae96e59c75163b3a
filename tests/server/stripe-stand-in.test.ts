// The real `stripe` SDK against tests/support/stripe-stand-in.ts, with a real local webhook receiver: only what the
// site's tests rely on and do not reach, so that a broken stand-in fails by name. Its payments, refunds, events,
// outage and replayed keys are tests/server/payments.test.ts's, through the site's own code.
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

/** A session for $150.75, made as the site makes its sessions. */
function newSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}, options?: Stripe.RequestOptions) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 15_075, product_data: { name: 'Invoice 1' } }, quantity: 1 },
      ],
      success_url: 'https://site.test/pay/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://site.test/pay/done',
      ...overrides,
    },
    options,
  )
}

describe('Stripe stand-in (no network here)', () => {
  it('signs its events over an indented body, as Stripe does: re-serialized, the body fails to verify', async () => {
    const session = await newSession()
    expect((await fetch(session.url!, { method: 'POST', redirect: 'manual' })).status).toBe(303)
    const { eventId } = await standIn.delivered('checkout.session.completed', session.id)
    const request = receiver.requests.find((request) => (request.body as { id: string }).id === eventId)!
    const signature = String(request.headers['stripe-signature'])
    expect(stripe.webhooks.constructEvent(request.text, signature, standIn.webhookSecret).id).toBe(eventId)
    const reserialized = JSON.stringify(JSON.parse(request.text))
    expect(() => stripe.webhooks.constructEvent(reserialized, signature, standIn.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it('refuses a parameter the site does not send, a wrong key, and a key reused with other parameters', async () => {
    await expect(newSession({ locale: 'fr' })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Received unknown parameter: locale/),
    })
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
    await expect(stranger.checkout.sessions.retrieve('cs_test_1')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    )
    await newSession({ client_reference_id: 'lead-1' }, { idempotencyKey: 'checkout-1' })
    const reused = newSession({ client_reference_id: 'lead-2' }, { idempotencyKey: 'checkout-1' })
    await expect(reused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
  })
})
