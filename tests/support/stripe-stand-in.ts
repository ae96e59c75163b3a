// A LOCAL STAND-IN for the part of Stripe's API the site's card payments use (Checkout in payment mode, fees,
// refunds, signed webhooks), because the tests run offline: in memory, on node:http, for the real `stripe` SDK
// pointed at it. Shapes and names read from node_modules/stripe/cjs/resources/*.d.ts (stripe 23.1.0). It checks
// the site's calls and its webhook handling, not Stripe itself: objects carry the fields a payment flow reads, and
// a parameter it does not implement is refused rather than ignored.
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

type Json = Record<string, any>

export interface Delivery {
  eventId: string
  type: string
  /** The id of the event's data.object: the session, or the charge refunded. */
  objectId: string
  /** The receiver's status code, or null when it could not be reached. */
  status: number | null
  /** The receiver's answer (its first 1,000 characters), or why it could not be reached. */
  answer: string
  signature: 'valid' | 'bad'
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>

/** The body of a Stripe error; the SDK picks its error class by the status and `type`. */
class Refusal {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; param?: string; code?: string },
  ) {}
}
const refuse = (message: string, param?: string, code?: string, status = 400) =>
  new Refusal(status, { type: 'invalid_request_error', message, param, code })
const missing = (param: string) => refuse(`Missing required param: ${param}.`, param, 'parameter_missing')

const now = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '0')}`
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100)
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Stripe's form encoding, as the SDK writes it: `a[b][0][c]=v`; `a[]=v` appends, as curl users write it. */
function parseForm(text: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    if (/__proto__|constructor|prototype/.test(key)) continue // a key must not reach Object.prototype
    const parts = key.replace(/]/g, '').split('[')
    let node: any = root
    parts.forEach((part, i) => {
      const slot = part === '' ? node.length : part
      if (i === parts.length - 1) node[slot] = value
      else node = node[slot] ??= /^\d*$/.test(parts[i + 1]!) ? [] : {}
    })
  }
  return root
}

function integer(value: string, param: string, least: number): number {
  if (!/^-?\d+$/.test(value)) throw refuse(`Invalid integer: ${value}`, param, 'parameter_invalid_integer')
  if (Number(value) < least) throw refuse(`This value must be greater than or equal to ${least}.`, param)
  return Number(value)
}

function onlyParams(params: Json, known: string[]) {
  const unknown = Object.keys(params).find((key) => !known.includes(key))
  const implemented = `(the Stripe stand-in implements only ${known.join(', ')})`
  if (unknown) throw refuse(`Received unknown parameter: ${unknown} ${implemented}`, unknown, 'parameter_unknown')
}

const SESSION_PARAMS = ['mode', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'metadata']
SESSION_PARAMS.push('customer_email', 'payment_intent_data', 'payment_method_types', 'expand')
const REFUND_PARAMS = ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']
const TOO_SMALL = "The Checkout Session's total amount due must add up to at least $0.50 usd"
/** Stripe's most for one charge in USD: $999,999.99. */
const MOST_CENTS = 99_999_999

const UNAVAILABLE = 'Stripe is temporarily unavailable. Please try again later.'

/** Stripe US, standard pricing: cards 2.9% + 30¢; ACH Direct Debit 0.8% capped at $5. */
const feeFor = (method: string, amount: number) =>
  method === 'card' ? Math.round(amount * 0.029) + 30 : Math.min(500, Math.round(amount * 0.008))

export async function startStripeStandIn(options: { apiKey?: string; webhookUrl?: string } = {}) {
  const objects = new Map<string, Json>()
  const checkoutOf = new Map<string, { lineItems: Json[]; intentMetadata: Record<string, string> }>()
  const idempotent = new Map<string, { route: string; body: string; status: number; answer: Json }>()
  let sending = Promise.resolve()

  function record(prefix: string, object: string, fields: Json): Json {
    const made = { id: newId(prefix), object, created: now(), ...fields }
    objects.set(made.id, made)
    return made
  }
  function find(kind: string, id: string, param = 'id'): Json {
    const object = objects.get(id)
    if (object?.object === kind) return object
    throw refuse(`No such ${kind}: '${id}'`, param, 'resource_missing', 404)
  }

  function sign(payload: string, secret: string) {
    const t = now()
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex')}`
  }

  /** Deliveries go one at a time, in the order asked, so a test sees the order it arranged. */
  function send(eventId: string, { badSignature = false } = {}): Promise<Delivery> {
    const event = standIn.events.find((e) => e.id === eventId)
    if (!event) throw new Error(`The stand-in made no event ${eventId}`)
    const delivery = sending.then(async () => {
      const payload = JSON.stringify(event, null, 2) // indented as Stripe's: a re-serialized body fails to verify
      const secret = badSignature ? `whsec_${randomBytes(16).toString('hex')}` : standIn.webhookSecret
      const [type, objectId, signature] = [event.type, event.data.object.id, badSignature ? 'bad' : 'valid'] as const
      const sent: Delivery = { eventId, type, objectId, status: null, answer: '', signature }
      try {
        const response = await fetch(standIn.webhookUrl!, {
          method: 'POST',
          redirect: 'manual', // Stripe counts a redirect as a failed delivery
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': sign(payload, secret),
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

  /** Only the event types the site's endpoint will subscribe to; Stripe sends no others there. */
  function emit(type: string, object: Json, request: Json = { id: null, idempotency_key: null }) {
    const event = { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), type, request }
    Object.assign(event, { data: { object: structuredClone(object) }, livemode: false, pending_webhooks: 1 })
    standIn.events.push(event)
    if (standIn.holding) standIn.held.push(event)
    else if (standIn.webhookUrl) void send(event.id)
  }

  function createSession(params: Json): Json {
    onlyParams(params, SESSION_PARAMS)
    if (!params.mode) throw missing('mode')
    if (params.mode !== 'payment') throw refuse('The Stripe stand-in implements only mode=payment.', 'mode')
    if (!params.success_url) throw missing('success_url')
    if (params.customer_email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(params.customer_email))
      throw refuse(`Invalid email address: ${params.customer_email}`, 'customer_email', 'email_invalid')
    if (!Array.isArray(params.line_items) || params.line_items.length === 0) throw missing('line_items')
    const lineItems = params.line_items.map((item: Json, i: number) => {
      const at = `line_items[${i}]`
      const data = item.price_data ?? {}
      const required: Json = {
        '[price_data][currency]': data.currency,
        '[price_data][product_data][name]': data.product_data?.name,
        '[price_data][unit_amount]': data.unit_amount,
        '[quantity]': item.quantity,
      }
      const absent = Object.keys(required).find((field) => required[field] === undefined)
      if (absent) throw missing(`${at}${absent}`)
      const quantity = integer(item.quantity, `${at}[quantity]`, 1)
      const unitAmount = integer(item.price_data.unit_amount, `${at}[price_data][unit_amount]`, 0)
      const currency = item.price_data.currency.toLowerCase()
      return { name: item.price_data.product_data.name, quantity, currency, amount_total: quantity * unitAmount }
    })
    const currency = lineItems[0]!.currency
    const total = lineItems.reduce((sum: number, item: Json) => sum + item.amount_total, 0)
    if (currency === 'usd' && total < 50) throw refuse(TOO_SMALL, undefined, 'amount_too_small')
    if (currency === 'usd' && total > MOST_CENTS)
      throw refuse('Amount must be no more than $999,999.99', undefined, 'amount_too_large')
    const session = record('cs_test', 'checkout.session', {
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      currency,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      expires_at: now() + 86_400,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: params.payment_method_types ?? ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
    })
    session.url = `${standIn.url}/c/pay/${session.id}`
    checkoutOf.set(session.id, { lineItems, intentMetadata: params.payment_intent_data?.metadata ?? {} })
    return session
  }

  /** The customer pays on the hosted page: a card settles at once, a bank debit (settlesLater) days later. */
  function pay(session: Json) {
    const method = standIn.settlesLater ? 'us_bank_account' : 'card'
    const { intentMetadata: metadata } = checkoutOf.get(session.id)!
    const common = { amount: session.amount_total, currency: session.currency, livemode: false, metadata }
    const intent = record('pi', 'payment_intent', {
      ...common,
      amount_received: 0,
      last_payment_error: null,
      latest_charge: null,
      payment_method_types: [method],
      status: 'processing',
    })
    const charge = record('ch', 'charge', {
      ...common,
      amount_captured: 0,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: { email: session.customer_email },
      failure_code: null,
      failure_message: null,
      paid: false,
      payment_intent: intent.id,
      payment_method_details: { type: method },
      refunded: false,
      status: 'pending',
    })
    intent.latest_charge = charge.id
    const customer_details = { email: session.customer_email ?? 'customer@example.com', name: null, phone: null }
    Object.assign(session, { status: 'complete', url: null, payment_intent: intent.id, customer_details })
    if (method === 'card') succeed(session)
    emit('checkout.session.completed', session)
  }

  /** The money a charge (less its fee) or a refund moves; a card charge becomes available two days later. */
  function transaction(source: Json, amount: number, fee: number, type: 'charge' | 'refund') {
    const stripeFee = {
      amount: fee,
      currency: source.currency,
      description: 'Stripe processing fees',
      type: 'stripe_fee',
    }
    return record('txn', 'balance_transaction', {
      amount,
      available_on: now() + (type === 'charge' ? 2 * 86_400 : 0),
      currency: source.currency,
      fee,
      fee_details: fee ? [stripeFee] : [],
      net: amount - fee,
      reporting_category: type,
      source: source.id,
      status: type === 'charge' ? 'pending' : 'available',
      type,
    }).id
  }

  function succeed(session: Json) {
    const intent = objects.get(session.payment_intent)!
    const charge = objects.get(intent.latest_charge)!
    const fee = feeFor(charge.payment_method_details.type, charge.amount)
    const balance_transaction = transaction(charge, charge.amount, fee, 'charge')
    Object.assign(charge, { status: 'succeeded', paid: true, amount_captured: charge.amount, balance_transaction })
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount })
    session.payment_status = 'paid'
  }

  function createRefund(params: Json, request: Json): Json {
    onlyParams(params, REFUND_PARAMS)
    const by = params.charge ? 'charge' : 'payment_intent'
    if (!params[by]) throw missing('payment_intent or charge')
    const charge = params.charge
      ? find('charge', params.charge, 'charge')
      : objects.get(find(by, params[by], by).latest_charge)
    const what = params.charge ? 'charge' : 'PaymentIntent'
    if (charge?.status !== 'succeeded') throw refuse(`This ${what} does not have a successful charge to refund.`, by)
    const remaining = charge.amount - charge.amount_refunded
    if (remaining === 0)
      throw refuse(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded')
    const amount = params.amount === undefined ? remaining : integer(params.amount, 'amount', 1)
    const [asked, left] = [money(amount, charge.currency), money(remaining, charge.currency)]
    if (amount > remaining)
      throw refuse(`Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`, 'amount')
    const refund = record('re', 'refund', {
      amount,
      charge: charge.id,
      currency: charge.currency,
      metadata: params.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: standIn.refundsPending ? 'pending' : 'succeeded',
    })
    refund.balance_transaction = transaction(refund, -amount, 0, 'refund')
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    emit('charge.refunded', charge, request)
    return refund
  }

  /** `expand[]=payment_intent.latest_charge.balance_transaction`: each id on the path replaced by its object. */
  function expand(object: Json, paths: string[] = []): Json {
    const result = structuredClone(object)
    for (const path of paths) {
      path.split('.').reduce((node: Json | null, field) => {
        if (typeof node?.[field] === 'string' && objects.has(node[field]))
          node[field] = structuredClone(objects.get(node[field]))
        else if (node && node[field] !== null && typeof node[field] !== 'object')
          throw refuse(`This property cannot be expanded (${field}).`, 'expand')
        return node?.[field] ?? null
      }, result)
    }
    return result
  }

  function answer(method: string, path: string, params: Json, request: Json): Json {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params)
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params, request)
    // Lists, by the one filter the site reads them by: a payment's session, a charge's refunds.
    const lists: Json = { '/v1/checkout/sessions': 'payment_intent', '/v1/refunds': 'charge' }
    if (method === 'GET' && lists[path]) {
      const by = lists[path]
      onlyParams(params, [by, 'limit'])
      if (!params[by]) throw missing(by)
      const kind = path === '/v1/refunds' ? 'refund' : 'checkout.session'
      const data = [...objects.values()].filter((o) => o.object === kind && o[by] === params[by]).reverse()
      return { object: 'list', data, has_more: false, url: path }
    }
    const areas = 'checkout/sessions|payment_intents|charges|balance_transactions|refunds'
    const [, area = '', id = '', expire] = path.match(new RegExp(`^/v1/(${areas})/([^/]+)(/expire)?$`)) ?? []
    if (method === 'POST' && area === 'checkout/sessions' && expire) {
      const session = find('checkout.session', decodeURIComponent(id), 'session')
      if (session.status !== 'open') throw refuse('Only Checkout Sessions with a status in ["open"] can be expired.')
      Object.assign(session, { status: 'expired', url: null })
      emit('checkout.session.expired', session, request)
      return session
    }
    const kind = area === 'checkout/sessions' ? 'checkout.session' : area.slice(0, -1) // charges: charge
    if (method === 'GET' && area && !expire) return find(kind, decodeURIComponent(id))
    const unknown = `Unrecognized request URL (${method}: ${path}). The stand-in has only what the site uses.`
    throw refuse(unknown, undefined, undefined, 404)
  }

  /** Bearer key, Stripe-Version echoed, Idempotency-Key replayed for the same request and refused for another. */
  function api(request: IncomingMessage, response: ServerResponse, path: string, query: string, body: string) {
    const [method, id, key] = [request.method!, newId('req'), request.headers['idempotency-key'] as string | undefined]
    const version = request.headers['stripe-version'] ?? Stripe.API_VERSION
    const headers = { 'content-type': 'application/json', 'request-id': id, 'stripe-version': version }
    const reply = (status: number, answer: Json, replayed = false) =>
      response
        .writeHead(status, {
          ...headers,
          ...(key && { 'idempotency-key': key }),
          ...(replayed && { 'idempotent-replayed': 'true' }),
        })
        .end(JSON.stringify(answer, null, 2))
    if (request.headers.authorization !== `Bearer ${standIn.apiKey}`) {
      const message = request.headers.authorization ? 'Invalid API Key provided.' : 'You did not provide an API key.'
      return reply(401, { error: { type: 'invalid_request_error', message } })
    }
    // An outage answers before anything is done or remembered: the same key may be tried again.
    if (standIn.unavailable) return reply(503, { error: { type: 'api_error', message: UNAVAILABLE } })
    const earlier = key && method === 'POST' ? idempotent.get(key) : undefined
    if (earlier && (earlier.route !== path || earlier.body !== body)) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`
      return reply(400, { error: { type: 'idempotency_error', message } })
    }
    if (earlier) return reply(earlier.status, earlier.answer, true)
    let [status, result] = [200, {} as Json]
    try {
      const params = { ...parseForm(query), ...parseForm(body) }
      result = expand(answer(method, path, params, { id, idempotency_key: key ?? null }), params.expand)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      const doc_url = error.error.code && `https://stripe.com/docs/error-codes/${error.error.code.replace(/_/g, '-')}`
      ;[status, result] = [error.status, { error: { ...error.error, doc_url } }]
    }
    if (key && method === 'POST') idempotent.set(key, { route: path, body, status, answer: result })
    reply(status, result)
  }

  /** The hosted payment page: plain HTML, so any browser (or fetch) pays without running a script. */
  function page(request: IncomingMessage, response: ServerResponse, id: string) {
    const session = objects.get(id)
    const html = (status: number, body: string) =>
      response
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Stripe stand-in</title>${body}</html>`)
    if (session?.object !== 'checkout.session') return html(404, '<h1>No such checkout session</h1>')
    if (request.method === 'POST' && session.status !== 'expired') {
      if (session.status === 'open') pay(session) // a second press (a double click, a reload) pays nothing more
      const successUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id)
      return response.writeHead(303, { location: successUrl }).end()
    }
    if (session.status !== 'open') return html(410, '<h1>This checkout session is no longer available</h1>')
    const total = money(session.amount_total, session.currency)
    const items = checkoutOf
      .get(id)!
      .lineItems.map(
        (item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${money(item.amount_total, item.currency)}</li>`,
      )
    const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''
    const form = `<form method="post"><button type="submit">Pay ${total}</button></form>`
    html(200, `<h1>Pay ${total}</h1><ul>${items.join('')}</ul>${form}${cancel}`)
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const [path = '/', query = ''] = request.url!.split('?')
      const pageId = path.match(/^\/c\/pay\/([^/]+)$/)?.[1]
      try {
        if (pageId) page(request, response, decodeURIComponent(pageId))
        else api(request, response, path, query, Buffer.concat(chunks).toString('utf8'))
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
    apiKey: options.apiKey ?? 'sk_test_stand_in',
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
    /** Where events are POSTed; none are sent while it is null. */
    webhookUrl: options.webhookUrl ?? (null as string | null),
    /** Every object by id: checkout sessions, payment intents, charges, balance transactions, refunds. */
    objects,
    events: [] as Json[],
    deliveries: [] as Delivery[],
    /** While true, a payment made on the hosted page is a bank debit and stays `processing` until settle(). */
    settlesLater: false,
    /** While true, a new refund stays `pending` (a bank debit's, a card's on a short balance) until settleRefund(). */
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
    /** Sends an event again, as Stripe's retries and "Resend" do: same id and body, a new signature. */
    send,
    /** Ends a `processing` payment as the bank would, with its checkout.session.async_payment_* event. */
    settle(sessionId: string, outcome: 'succeeded' | 'failed') {
      const session = objects.get(sessionId)
      const intent = objects.get(session?.payment_intent)
      if (intent?.status !== 'processing') throw new Error(`${sessionId} has no payment in progress`)
      if (outcome === 'succeeded') succeed(session!)
      else {
        const failure = { code: 'insufficient_funds', message: "The customer's account has insufficient funds." }
        const charge = objects.get(intent.latest_charge)!
        Object.assign(charge, { status: 'failed', failure_code: failure.code, failure_message: failure.message })
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: { ...failure, type: 'card_error' },
        })
      }
      emit(`checkout.session.async_payment_${outcome}`, session!)
    },
    /**
     * Ends a refund as the bank does, with refund.updated (and refund.failed): a pending one succeeds, fails or (not
     * a card's) is canceled; a card's may still fail after it succeeded. Undone, its amount is refundable again.
     */
    settleRefund(refundId: string, outcome: 'succeeded' | 'failed' | 'canceled') {
      const refund = objects.get(refundId)
      if (refund?.object !== 'refund') throw new Error(`The stand-in made no refund ${refundId}`)
      const charge = objects.get(refund.charge)!
      const card = charge.payment_method_details.type === 'card'
      const allowed = outcome === 'failed' ? ['pending', 'succeeded'] : ['pending']
      if (!allowed.includes(refund.status) || (outcome === 'canceled' && card))
        throw new Error(`A ${card ? 'card' : 'bank'} refund ${refund.status} does not become ${outcome}`)
      refund.status = outcome
      if (outcome !== 'succeeded') {
        charge.amount_refunded -= refund.amount
        charge.refunded = false
      }
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
