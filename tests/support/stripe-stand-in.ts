// A LOCAL STAND-IN for the calls the site makes to Stripe's API (docs/decisions/055-invoices-and-payments.md), since
// the tests run offline: Checkout in payment mode with its hosted page, the fee, refunds, and the webhook events the
// site handles, signed by the SDK's own test signer. In memory, on node:http, for the real `stripe` SDK pointed at
// it; shapes from node_modules/stripe (23.1.0), with only the fields the site reads. A parameter it does not
// implement is refused rather than ignored, so a call the site starts making fails by name.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { formatCents } from '../../app/lib/money'

type Json = Record<string, any>

export interface Delivery {
  eventId: string
  type: string
  /** The id of the event's data.object: the session, the charge refunded, or the refund. */
  objectId: string
  /** The receiver's status code, or null when it could not be reached. */
  status: number | null
  /** The receiver's answer (its first 1,000 characters), or why it could not be reached. */
  answer: string
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>

/** A Stripe error's status and body; the SDK picks its error class by both. */
class Refusal {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string },
  ) {}
}
const refuse = (message: string, code?: string, status = 400) =>
  new Refusal(status, { type: 'invalid_request_error', message, code })

// What the site's calls send; anything else is refused.
const PARAMS: Record<string, string[]> = {
  'POST /v1/checkout/sessions': [
    'mode',
    'line_items',
    'success_url',
    'cancel_url',
    'client_reference_id',
    'metadata',
    'payment_intent_data',
    'customer_email',
  ],
  'POST /v1/refunds': ['payment_intent', 'amount', 'metadata'],
  'GET /v1/checkout/sessions': ['payment_intent', 'limit'],
  'GET /v1/refunds': ['charge', 'limit'],
}

function onlyParams(route: string, params: Json) {
  const known = PARAMS[route] ?? ['expand']
  const unknown = Object.keys(params).find((key) => !known.includes(key))
  if (unknown) throw refuse(`Received unknown parameter: ${unknown} (the stand-in takes ${known.join(', ')})`)
}

/** Stripe's form encoding as the SDK writes it: `a[b][0][c]=v`. */
function parseForm(text: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/]/g, '').split('[')
    let node = root
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}
    })
  }
  return root
}

const seconds = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '0')}`

/** Stripe US, standard pricing: cards 2.9% + 30¢; ACH Direct Debit 0.8% capped at $5. */
const feeFor = (method: string, amount: number) =>
  method === 'card' ? Math.round(amount * 0.029) + 30 : Math.min(500, Math.round(amount * 0.008))

export async function startStripeStandIn(options: { webhookUrl?: string } = {}) {
  const objects = new Map<string, Json>()
  const events: Json[] = []
  const idempotent = new Map<string, { request: string; status: number; answer: Json }>()
  let sending = Promise.resolve()

  function record(prefix: string, object: string, fields: Json): Json {
    const made = { id: newId(prefix), object, created: seconds(), livemode: false, ...fields }
    objects.set(made.id, made)
    return made
  }
  function find(kind: string, id: string): Json {
    const object = objects.get(id)
    if (object?.object === kind) return object
    throw refuse(`No such ${kind}: '${id}'`, 'resource_missing', 404)
  }

  /** One at a time, in the order asked, so a test sees the order it arranged. */
  function send(eventId: string, { badSignature = false } = {}): Promise<Delivery> {
    const event = events.find((e) => e.id === eventId)
    if (!event) throw new Error(`The stand-in made no event ${eventId}`)
    const delivery = sending.then(async () => {
      const payload = JSON.stringify(event, null, 2) // indented as Stripe's: a re-serialized body fails to verify
      const secret = badSignature ? `whsec_${randomBytes(24).toString('base64url')}` : standIn.webhookSecret
      const sent: Delivery = { eventId, type: event.type, objectId: event.data.object.id, status: null, answer: '' }
      try {
        const response = await fetch(standIn.webhookUrl!, {
          method: 'POST',
          redirect: 'manual', // Stripe counts a redirect as a failed delivery
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        })
        Object.assign(sent, { status: response.status, answer: (await response.text()).slice(0, 1000) })
      } catch (error) {
        sent.answer = String(error)
      }
      standIn.deliveries.push(sent)
      return sent
    })
    sending = delivery.then(() => undefined)
    return delivery
  }

  /** A new event about `object`; its delivery, unless held or with nowhere to send it. */
  function emit(type: string, object: Json): Promise<Delivery> | undefined {
    const data = { object: structuredClone(object) }
    const event = { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: seconds(), type, data }
    events.push(event)
    if (standIn.holding) standIn.held.push(event)
    else if (standIn.webhookUrl) return send(event.id)
  }

  function createSession(params: Json): Json {
    const lines: Json[] = params.line_items ?? []
    const total = lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0)
    const session = record('cs_test', 'checkout.session', {
      amount_total: total,
      currency: lines[0]?.price_data.currency,
      metadata: params.metadata ?? {},
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
    })
    session.url = `${standIn.url}/c/pay/${session.id}`
    return session
  }

  /** The customer pays on the hosted page: a card settles at once, a bank debit (settlesLater) days later. */
  function pay(session: Json) {
    const method = standIn.settlesLater ? 'us_bank_account' : 'card'
    const common = { amount: session.amount_total, currency: session.currency }
    const intent = record('pi', 'payment_intent', { ...common, status: 'processing' })
    const charge = record('ch', 'charge', {
      ...common,
      amount_refunded: 0,
      balance_transaction: null,
      payment_intent: intent.id,
      payment_method_details: { type: method },
      status: 'pending',
    })
    intent.latest_charge = charge.id
    Object.assign(session, { status: 'complete', url: null, payment_intent: intent.id })
    if (method === 'card') succeed(session)
    emit('checkout.session.completed', session)
  }

  function succeed(session: Json) {
    const intent = objects.get(session.payment_intent)!
    const charge = objects.get(intent.latest_charge)!
    const fee = feeFor(charge.payment_method_details.type, charge.amount)
    const money = record('txn', 'balance_transaction', { amount: charge.amount, fee, net: charge.amount - fee })
    Object.assign(charge, { status: 'succeeded', balance_transaction: money.id })
    intent.status = 'succeeded'
    session.payment_status = 'paid'
  }

  function createRefund(params: Json): Json {
    const charge = objects.get(find('payment_intent', params.payment_intent).latest_charge)
    if (charge?.status !== 'succeeded') throw refuse('This PaymentIntent does not have a successful charge to refund.')
    const remaining = charge.amount - charge.amount_refunded
    if (remaining === 0) throw refuse(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded')
    const amount = params.amount === undefined ? remaining : Number(params.amount)
    if (amount > remaining) {
      const [asked, left] = [formatCents(amount), formatCents(remaining)]
      throw refuse(`Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`)
    }
    const refund = record('re', 'refund', {
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      status: standIn.refundsPending ? 'pending' : 'succeeded',
    })
    charge.amount_refunded += amount
    emit('charge.refunded', charge)
    return refund
  }

  /** `expand[]=payment_intent.latest_charge.balance_transaction`: each id on the path replaced by its object. */
  function expanded(object: Json, paths: string[] = []): Json {
    const copy = structuredClone(object)
    for (const path of paths)
      path.split('.').reduce((node: Json | null, field) => {
        if (typeof node?.[field] === 'string' && objects.has(node[field]))
          node[field] = structuredClone(objects.get(node[field]))
        return node?.[field] ?? null
      }, copy)
    return copy
  }

  /** A list by the one filter the site reads it by, newest first. */
  const list = (kind: string, by: string, value: string) => ({
    object: 'list',
    data: [...objects.values()].filter((o) => o.object === kind && o[by] === value).reverse(),
    has_more: false,
  })

  function answer(route: string, params: Json): Json {
    onlyParams(route, params)
    if (route === 'POST /v1/checkout/sessions') return createSession(params)
    if (route === 'POST /v1/refunds') return createRefund(params)
    if (route === 'GET /v1/checkout/sessions') return list('checkout.session', 'payment_intent', params.payment_intent)
    if (route === 'GET /v1/refunds') return list('refund', 'charge', params.charge)
    const [, method, id, expire] = route.match(/^(GET|POST) \/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/) ?? []
    const session = id && find('checkout.session', decodeURIComponent(id))
    if (method === 'GET' && session && !expire) return expanded(session, params.expand)
    if (method === 'POST' && session && expire) {
      if (session.status !== 'open') throw refuse('Only Checkout Sessions with a status in ["open"] can be expired.')
      return Object.assign(session, { status: 'expired', url: null })
    }
    throw refuse(`Unrecognized request URL (${route}). The stand-in has only what the site uses.`, undefined, 404)
  }

  /** Bearer key; an Idempotency-Key's answer replayed for the same request and refused for another. */
  function api(request: IncomingMessage, response: ServerResponse, route: string, query: string, body: string) {
    const key = request.headers['idempotency-key'] as string | undefined
    const reply = (status: number, answer: Json) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer, null, 2))
    if (request.headers.authorization !== `Bearer ${standIn.apiKey}`)
      return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    // An outage answers before anything is done or remembered: the same key may be tried again.
    if (standIn.unavailable) return reply(503, { error: { type: 'api_error', message: 'Stripe is unavailable.' } })
    const earlier = key && route.startsWith('POST') ? idempotent.get(key) : undefined
    if (earlier && earlier.request !== `${route} ${body}`) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with.`
      return reply(400, { error: { type: 'idempotency_error', message } })
    }
    if (earlier) return reply(earlier.status, earlier.answer)
    let [status, result] = [200, {} as Json]
    try {
      result = structuredClone(answer(route, { ...parseForm(query), ...parseForm(body) }))
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      ;[status, result] = [error.status, { error: error.error }]
    }
    if (key && route.startsWith('POST')) idempotent.set(key, { request: `${route} ${body}`, status, answer: result })
    reply(status, result)
  }

  /** The hosted payment page: plain HTML, so any browser (or fetch) pays without running a script. */
  function page(request: IncomingMessage, response: ServerResponse, id: string) {
    const session = objects.get(id)
    const html = (status: number, body: string) =>
      response
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Stripe stand-in</title>${body}</html>`)
    if (request.method === 'POST' && (session?.status === 'open' || session?.status === 'complete')) {
      if (session.status === 'open') pay(session) // a second press (a double click, a reload) pays nothing more
      return response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', id) }).end()
    }
    if (session?.status !== 'open') return html(410, '<h1>This checkout session is no longer available</h1>')
    const total = formatCents(session.amount_total)
    html(200, `<h1>Pay ${total}</h1><form method="post"><button type="submit">Pay ${total}</button></form>`)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const [path = '/', query = ''] = request.url!.split('?')
      const pageId = path.match(/^\/c\/pay\/([^/]+)$/)?.[1]
      try {
        if (pageId) page(request, response, decodeURIComponent(pageId))
        else api(request, response, `${request.method} ${path}`, query, Buffer.concat(chunks).toString('utf8'))
      } catch (error) {
        const fault = { error: { type: 'api_error', message: `Stand-in fault: ${error}` } }
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(fault))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  const standIn = {
    /** The API base (`STRIPE_API_BASE`), http://127.0.0.1:PORT; the hosted pages are under it too. */
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey: 'sk_test_stand_in',
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
    /** Where events are POSTed; none are sent while it is null. */
    webhookUrl: options.webhookUrl ?? (null as string | null),
    /** Every object by id: checkout sessions, payment intents, charges, balance transactions, refunds. */
    objects,
    deliveries: [] as Delivery[],
    /** While true, a payment made on the hosted page is a bank debit and stays `processing` until settle(). */
    settlesLater: false,
    /** While true, a new refund stays `pending` until settleRefund(). */
    refundsPending: false,
    /** While true, every API call is answered 503, as in an outage; the SDK retries, then throws StripeAPIError. */
    unavailable: false,
    /** While true, new events wait in `held` until release(). */
    holding: false,
    held: [] as Json[],
    /** Sends the held events with these ids in this order (all of them, oldest first, by default). */
    release(eventIds?: string[]): Promise<Delivery[]> {
      eventIds ??= standIn.held.map((event) => event.id)
      standIn.held = standIn.held.filter((event) => !eventIds.includes(event.id))
      return Promise.all(eventIds.map((id) => send(id)))
    },
    /** Sends an event again, as Stripe's retries do: same id and body, a new signature (or one by another secret). */
    send,
    emit,
    /** Ends a `processing` payment as the bank would, with its checkout.session.async_payment_* event. */
    settle(sessionId: string, outcome: 'succeeded' | 'failed') {
      const session = objects.get(sessionId)!
      const intent = objects.get(session.payment_intent)
      if (intent?.status !== 'processing') throw new Error(`${sessionId} has no payment in progress`)
      if (outcome === 'succeeded') succeed(session)
      else {
        objects.get(intent.latest_charge)!.status = 'failed'
        intent.status = 'requires_payment_method'
      }
      emit(`checkout.session.async_payment_${outcome}`, session)
    },
    /**
     * Ends a refund as the bank does, with refund.updated (and refund.failed): a pending one succeeds, fails or (not
     * a card's) is canceled; a card's may still fail after it succeeded. Undone, its amount is refundable again.
     */
    settleRefund(refundId: string, outcome: 'succeeded' | 'failed' | 'canceled') {
      const refund = find('refund', refundId)
      const charge = objects.get(refund.charge)!
      const card = charge.payment_method_details.type === 'card'
      const allowed = outcome === 'failed' ? ['pending', 'succeeded'] : ['pending']
      if (!allowed.includes(refund.status) || (outcome === 'canceled' && card))
        throw new Error(`A ${card ? 'card' : 'bank'} refund ${refund.status} does not become ${outcome}`)
      refund.status = outcome
      if (outcome !== 'succeeded') charge.amount_refunded -= refund.amount
      if (outcome === 'failed') {
        refund.failure_reason = card ? 'expired_or_canceled_card' : 'declined'
        emit('refund.failed', refund)
      }
      emit('refund.updated', refund)
    },
    /** The first answered delivery of this event type (about this object, if given); waits for it. */
    async delivered(type: string, objectId?: string): Promise<Delivery> {
      for (;;) {
        const found = standIn.deliveries.find((d) => d.type === type && (objectId ?? d.objectId) === d.objectId)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    async close() {
      await sending
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return standIn
}

/** The site's settings that make it take card payments at the stand-in. */
export const stripeEnv = (standIn: StripeStandIn) => ({
  STRIPE_SECRET_KEY: standIn.apiKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_BASE: standIn.url,
})
