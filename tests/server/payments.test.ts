/**
 * Invoices and payments (docs/decisions/055-invoices-and-payments.md) on the run's database, with the site's own
 * handlers, its outbox worker, a real SMTP server, a stand-in push service and the local stand-in of Stripe's API
 * (no network here): its hosted page is paid with a plain form post and its webhooks are signed as Stripe's.
 */
import Stripe from 'stripe'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { site } from '../../app/content/site'
import { INVOICE_REFUSALS, type LeadInvoice } from '../../app/features/payments/invoice'
import { PAYMENT_FIELD_TEXTS as T, recordPaymentSchema } from '../../app/features/payments/invoice-schema'
import { listInbox } from '../../app/features/owner/inbox.server'
import { invoiceOf } from '../../app/features/payments/invoices.server'
import {
  addInvoiceLine,
  markJobDone,
  removeInvoiceLine,
  sendInvoice,
} from '../../app/features/payments/invoice-writes.server'
import { payPageGet, payPagePost } from '../../app/features/payments/pay-page.server'
import { moneyCsv, moneySummary, recordPayment, refundPayment } from '../../app/features/payments/payments.server'
import { stripeWebhook } from '../../app/features/payments/stripe-events.server'
import { conversions } from '../../app/features/owner/conversions.server'
import { leadSources } from '../../app/features/owner/inbox.server'
import { addDays } from '../../app/features/schedule'
import { pacificDate } from '../../app/platform/time/business-hours.server'
import { startHttpStub } from '../support/http-stub'
import { startStripeStandIn, stripeEnv } from '../support/stripe-stand-in'
import type { TestSite } from '../support/test-site'
import {
  chunked,
  formPost,
  outboxDrained,
  pageView,
  PUSH_ENV,
  rowsOf,
  type TestSmtp,
  useCleanup,
  useMailingSites,
  usePushPhones,
} from './helpers'
import { acceptedLead, quotedLead } from './quote-helpers'

const cleanup = useCleanup()
const pushPhone = usePushPhones()
const mailingSite = useMailingSites()
const CLIENT = '198.51.100.30'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

type Shop = Awaited<ReturnType<typeof openShop>>

/**
 * The site with Stripe set up against the stand-in, whose webhooks reach the site's own handler through a local
 * receiver, and with alerts on for one phone. `stripe: false`: nothing configured, as a new install.
 */
async function openShop({
  stripe = true,
  clock,
  settings = {},
  startWorker = true,
}: {
  stripe?: boolean
  clock?: () => Date
  settings?: Record<string, string>
  startWorker?: boolean
} = {}) {
  // The receiver is up before the site is made, since the site's settings name the stand-in it points at.
  const target: { site?: TestSite } = {}
  const receiver = await startHttpStub(async ({ headers, text }) => {
    const request = new Request('http://127.0.0.1/stripe/webhook', {
      method: 'POST',
      headers: new Headers(headers as Record<string, string>),
      body: text,
    })
    const answer = await webhook(target.site!, request, '203.0.113.9').catch(
      () => new Response('failed', { status: 500 }),
    )
    return { status: answer.status, text: await answer.text() }
  })
  const webhookUrl = `${receiver.url}/stripe/webhook`
  const standIn = await startStripeStandIn({ webhookUrl })
  cleanup.push(receiver.stop, () => standIn.close())
  const { push, subscribe } = await pushPhone()
  const env = {
    ...PUSH_ENV,
    VAPID_SUBJECT: 'mailto:owner@example.com',
    ...(stripe && stripeEnv(standIn)),
    ...settings,
  }
  const { site: shop, smtp } = await mailingSite(env, { startWorker, clock })
  target.site = shop
  await subscribe(shop)
  const client = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
  /** The titles of the pushes the owner's phone got, in order. */
  const pushTitles = () => push.delivered.map((each) => String(each.payload.title))
  return { site: shop, smtp, standIn, stripe: client, pushTitles }
}

/** The webhook as its route calls it: the site's settings, alerts on when its VAPID keys are set, its clock. */
function webhook({ db, config, now }: TestSite, request: Request, client = CLIENT) {
  const settings = { stripe: config.stripe, quote: config.quote, push: Boolean(config.owner.vapid) }
  return stripeWebhook(db, request, client, settings, now())
}

/** Maria from Folsom accepted the quote with its option ($770.50); "Job done", `change` to the draft, sent. */
async function sentInvoice(shop: TestSite, change?: (lead: string) => Promise<unknown>) {
  const { id } = await acceptedLead(shop, 'Maria', {}, ['i3'])
  expect(await markJobDone(shop.db, id)).toMatchObject({ state: 'draft', totalCents: 77_050, number: null, link: null })
  await change?.(id)
  const invoice = (await sendInvoice(shop.db, id, shop.now())) as LeadInvoice
  expect(invoice).toMatchObject({ state: 'sent' })
  return { id, invoice, token: invoice.link!.split('/pay/')[1]! }
}

/** openShop() with Maria's invoice sent (`sentInvoice`): the shop, her lead's id and the pay page's token. */
async function invoicedShop(options?: Parameters<typeof openShop>[0]) {
  const shop = await openShop(options)
  return { ...shop, ...(await sentInvoice(shop.site)) }
}

/** The pay page's visitor, by the site's settings and clock. */
const visit = (shop: TestSite) => ({ ip: CLIENT, now: shop.now(), settings: shop.config })

/** The pay page as a browser gets it: the view, or the answer that replaces it. */
const open = (shop: TestSite, token: string, search = '') =>
  pageView((request) => payPageGet(shop.db, request, token, visit(shop)), `${site.baseUrl}/pay/${token}${search}`)

/**
 * "Pay by card" posted from the page: the answer's status, where it sends the browser, or the pay page it renders
 * again (`again`) when Stripe cannot make the session.
 */
async function pressPay(shop: TestSite, token: string, fields: Record<string, string> = {}, headers = {}) {
  const { response, view: again } = await pageView(
    (request) => payPagePost(shop.db, request, token, visit(shop)),
    formPost(`${site.baseUrl}/pay/${token}`, fields, headers),
    (outcome) => outcome.status,
  )
  return { status: response.status, location: response.headers.get('location') ?? '', again: again?.view }
}

/** A sent invoice (`sentInvoice`) paid in full by card, on Stripe's page, and recorded by its webhook. */
async function paidByCard(shop: Shop, change?: (lead: string) => Promise<unknown>) {
  const { id, token } = await sentInvoice(shop.site, change)
  const { session } = await paidOnStripe(shop.site, token, 'p')
  await shop.standIn.delivered('checkout.session.completed', session)
  const payment = (await invoiceOf(shop.site.db, id))!.payments[0]!
  const intent = shop.standIn.objects.get(session)!.payment_intent as string
  return { id, payment, intent, charge: shop.standIn.objects.get(intent)!.latest_charge as string }
}

/** Presses "Pay" on Stripe's hosted page, as a browser without JavaScript does: where it sends the customer. */
async function payOnStripe(url: string) {
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBe(303)
  return paid.headers.get('location')!
}

/**
 * "Pay by card" pressed (a click id of `letter`s), then "Pay" on Stripe's page: the session, and the search of the
 * pay page Stripe sends the customer back to.
 */
async function paidOnStripe(shop: TestSite, token: string, letter: string) {
  const pay = await pressPay(shop, token, { click: letter.repeat(20) })
  const back = await payOnStripe(pay.location)
  return { session: sessionOf(pay.location), back: new URL(back).search }
}

/** The owner's refund of $200.00, made pending at Stripe and then failed there: its Stripe id. */
async function failingRefund({ site: shop, standIn }: Shop, payment: string) {
  standIn.refundsPending = true
  expect(await ownerRefund(shop, payment, 20_000)).toMatchObject({ refundedCents: 20_000 })
  standIn.refundsPending = false
  const [refund] = await rowsOf<{ id: string }>(shop, 'SELECT stripe_refund AS id FROM refunds')
  standIn.settleRefund(refund!.id, 'failed')
  return refund!.id
}

/** An event posted to the webhook (as `send` sends it) with a signature Stripe never made: the webhook's answer. */
function forgedEvent(shop: TestSite, send = (request: Request) => request) {
  const body = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' })
  const headers = { 'stripe-signature': 't=1,v1=00', 'content-length': String(body.length) }
  return webhook(shop, send(new Request('http://x/stripe/webhook', { method: 'POST', body, headers })))
}

/** A payment the owner records by hand, with no check number. */
const recordPaid = (shop: TestSite, lead: string, method: 'cash' | 'zelle', amount: number, receivedOn: string) =>
  recordPayment(shop.db, { lead, method, amount, receivedOn, checkNumber: '' }, shop.now())

/** The owner's "Refund" of `amount` cents of a payment, as its server function calls it. */
const ownerRefund = (shop: TestSite, payment: string, amount: number) =>
  refundPayment(shop.db, { payment, amount }, shop.now(), shop.config.stripe)

const moneyOf = (shop: TestSite) => moneySummary(shop.db, shop.now(), shop.config.stripe)

const mailsAbout = (smtp: TestSmtp, subject: RegExp) => smtp.received.filter((m) => subject.test(m.mail.subject ?? ''))
const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? url.split('/c/pay/')[1]!

describe('the invoice of a done job', { timeout: 120_000 }, () => {
  it('drafts from the accepted items, takes lines added on site while a draft, and e-mails the numbered link', async () => {
    const { site: shop, smtp } = await openShop()
    const { db } = shop
    const { id, invoice } = await sentInvoice(shop, async (lead) => {
      const added = await addInvoiceLine(db, lead, { description: 'Extra oil stain <b>', cents: 4_500 })
      expect(added).toMatchObject({ totalCents: 81_550 })
      expect(await removeInvoiceLine(db, lead, 'i2')).toMatchObject({ totalCents: 69_500 })
      expect(await removeInvoiceLine(db, lead, 'i9')).toBe(INVOICE_REFUSALS['no-line'])
    })
    expect(invoice.items).toEqual([
      { id: 'i1', description: 'Driveway cleaning', cents: 25_000, addedOnSite: false },
      { id: 'i3', description: 'Seal the driveway', cents: 40_000, addedOnSite: false },
      { id: 'a1', description: 'Extra oil stain <b>', cents: 4_500, addedOnSite: true },
    ])
    expect(invoice).toMatchObject({ number: 1, totalCents: 69_500, balanceCents: 69_500 })
    expect(invoice.link).toMatch(new RegExp(`^${site.baseUrl}/pay/[A-Za-z0-9_-]{32}$`))
    // Sent, its lines no longer change, and a second "Send invoice" sends nothing new.
    expect(await addInvoiceLine(db, id, { description: 'Late', cents: 100 })).toBe(INVOICE_REFUSALS.sent)
    expect(await sendInvoice(shop.db, id, shop.now())).toMatchObject({ number: 1 })
    await outboxDrained(shop)
    const [mail, ...more] = mailsAbout(smtp, /^Invoice 1 from/)
    expect(more).toEqual([])
    expect(mail!.rcptTo).toEqual(['maria@example.com'])
    expect(mail!.mail.text).toContain('Extra oil stain <b> (added on site): $45.00')
    expect(mail!.mail.text).toContain(invoice.link)
    expect(mail!.mail.html).toContain('Extra oil stain &lt;b&gt; (added on site)')
    // The card shows it; a lead with no accepted quote gets none.
    const card = (await listInbox(db)).find((lead) => lead.id === id)!
    expect(card.invoice).toMatchObject({ state: 'sent', number: 1 })
    const { id: open } = await quotedLead(shop, undefined, 'Omar')
    expect(await markJobDone(db, open)).toBe(INVOICE_REFUSALS['not-accepted'])
    expect(await rowsOf(shop, 'SELECT 1 FROM invoices WHERE lead_id = $1', [open])).toEqual([])
  })

  it("takes at most 40 lines and $999,999.99, Stripe's most for one card payment, and charges all of it", async () => {
    const { site: shop, standIn } = await openShop()
    const { db } = shop
    const { id, token } = await sentInvoice(shop, async (lead) => {
      const big = { description: 'Whole house', cents: 10_000_000 }
      for (let i = 0; i < 9; i++) expect(await addInvoiceLine(db, lead, big)).toMatchObject({ state: 'draft' })
      // $770.50 and nine lines of $100,000, then to the cent of the ceiling, then one cent over it.
      expect(await addInvoiceLine(db, lead, { description: 'Roof', cents: 9_922_949 })).toMatchObject({
        totalCents: 99_999_999,
      })
      const over = await addInvoiceLine(db, lead, { description: 'Gate', cents: 1 })
      expect(over).toEqual({
        status: 409,
        message: 'An invoice can total at most $999,999.99, the most Stripe takes in one card payment',
      })
      await expect(
        rowsOf(db, 'UPDATE invoices SET total_cents = 100000000 WHERE lead_id = $1', [lead]),
      ).rejects.toThrow(/invoices_total_cents_check/)
    })
    expect(await invoiceOf(db, id)).toMatchObject({ totalCents: 99_999_999, balanceCents: 99_999_999 })
    const pay = await pressPay(shop, token, { click: 'c'.repeat(20) })
    expect(pay.status).toBe(303)
    expect(standIn.objects.get(sessionOf(pay.location))).toMatchObject({ amount_total: 99_999_999 })

    const { id: other } = await acceptedLead(shop, 'Omar', {}, ['i3'])
    await markJobDone(db, other)
    for (let i = 3; i < 40; i++)
      expect(await addInvoiceLine(db, other, { description: 'Gate', cents: 1 })).toMatchObject({ state: 'draft' })
    expect(await addInvoiceLine(db, other, { description: 'Gate', cents: 1 })).toEqual({
      status: 409,
      message: 'An invoice takes at most 40 lines',
    })
    expect((await invoiceOf(db, other))!.items).toHaveLength(40)
  })

  it(`is paid by card: Stripe's page, back to "Paid, thank you" before the webhook came, one receipt and one push`, async () => {
    const { site: shop, smtp, standIn, pushTitles, id, token } = await invoicedShop()
    const { view } = await open(shop, token)
    expect(view).toMatchObject({
      firstName: 'Maria',
      totalCents: 77_050,
      balanceCents: 77_050,
      card: true,
      outcome: null,
    })
    expect((await invoiceOf(shop.db, id))!.state).toBe('viewed')

    // An amount in the post is not read: the session is for the balance the server computed.
    standIn.holding = true
    const pay = await pressPay(shop, token, { click: view!.click, amount: '1' })
    expect(pay.status).toBe(303)
    expect(pay.location).toMatch(new RegExp(`^${standIn.url}/c/pay/cs_test_`))
    const session = standIn.objects.get(sessionOf(pay.location))!
    expect(session).toMatchObject({ amount_total: 77_050, currency: 'usd', metadata: { lead: id, invoice: '1' } })
    // The same page posted twice (a double click) is the same session.
    expect((await pressPay(shop, token, { click: view!.click })).location).toBe(pay.location)

    const back = await payOnStripe(pay.location)
    expect(back).toBe(`${site.baseUrl}/pay/${token}?session=${session.id}`)
    // Back before the webhook, with Stripe not answering: processing, and no card button.
    standIn.unavailable = true
    expect((await open(shop, token, `?session=${session.id}`)).view).toMatchObject({ outcome: 'processing' })
    expect(await rowsOf(shop, 'SELECT 1 FROM payments')).toEqual([])
    // With Stripe answering, the page reads the session and records it as the webhook would: paid at once.
    standIn.unavailable = false
    expect((await open(shop, token, `?session=${session.id}`)).view).toMatchObject({ outcome: 'paid' })
    // The webhook that comes after records the event and nothing more: one payment, one receipt, one push.
    await standIn.release()
    expect(await standIn.delivered('checkout.session.completed', session.id)).toMatchObject({ status: 200 })
    expect((await open(shop, token, `?session=${session.id}`)).view).toMatchObject({ outcome: 'paid' })

    await outboxDrained(shop)
    const receipts = mailsAbout(smtp, /^Receipt: \$770\.50 paid on invoice 1$/)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.mail.text).toContain('Balance: $0.00')
    const paidPushes = () => pushTitles().filter((title) => title === 'Paid: $770.50, Maria, Folsom')
    await expect.poll(paidPushes).toHaveLength(1)
    // 2.9% of $770.50 is 2234.45¢, rounded to 2234, plus 30¢: Stripe's fee, read from the balance transaction.
    expect(await rowsOf(shop, 'SELECT method, amount_cents, fee_cents, state FROM payments')).toEqual([
      { method: 'card', amount_cents: 77_050, fee_cents: 2_264, state: 'succeeded' },
    ])
    // Paid off: the link is the one 404 without the session, and the card says paid.
    expect((await open(shop, token)).response.status).toBe(404)
    expect((await invoiceOf(shop.db, id))!.state).toBe('paid')
  })

  it('counts one payment and one refund from a webhook sent thrice, out of order, and nothing from a bad signature', async () => {
    const { site: shop, smtp, standIn, stripe, token } = await invoicedShop()
    standIn.holding = true
    const { session } = await paidOnStripe(shop, token, 'x')
    // A refund made in Stripe's dashboard: the site learns of it only from charge.refunded.
    const intent = standIn.objects.get(session)!.payment_intent as string
    await stripe.refunds.create({ payment_intent: intent, amount: 10_000 })
    const completed = standIn.held.find((event) => event.type === 'checkout.session.completed')!.id
    const refunded = standIn.held.find((event) => event.type === 'charge.refunded')!.id
    standIn.holding = false

    const bad = await standIn.send(completed, { badSignature: true })
    expect(bad).toMatchObject({ status: 400, answer: 'Bad signature\n' })
    expect(await rowsOf(shop, 'SELECT id FROM stripe_events')).toEqual([])
    expect(await rowsOf(shop, 'SELECT id FROM payments')).toEqual([])

    // The refund's event first (the stand-in sends them in the order asked).
    const released = await standIn.release([refunded, completed])
    expect(released.map((delivery) => delivery.eventId)).toEqual([refunded, completed])
    for (let i = 0; i < 2; i++) expect(await standIn.send(completed)).toMatchObject({ status: 200 })
    expect(await standIn.send(refunded)).toMatchObject({ status: 200, answer: 'Already recorded\n' })
    expect(await rowsOf(shop, 'SELECT amount_cents, fee_cents FROM payments')).toEqual([
      { amount_cents: 77_050, fee_cents: 2_264 },
    ])
    expect(await rowsOf(shop, 'SELECT amount_cents FROM refunds')).toEqual([{ amount_cents: 10_000 }])
    expect(await rowsOf(shop, 'SELECT id FROM stripe_events ORDER BY id')).toHaveLength(2)
    await outboxDrained(shop)
    expect(mailsAbout(smtp, /^Receipt: /)).toHaveLength(1)
    expect(mailsAbout(smtp, /^Refund: \$100\.00 on invoice 1$/)).toHaveLength(1)
  })

  it('records a second paid session for the same balance as an overpayment the card flags, never lost', async () => {
    const { site: shop, standIn, id, token } = await invoicedShop()
    standIn.holding = true
    // Two tabs: the first is paid while its webhook is still on the way, so the second still shows the balance.
    const first = await paidOnStripe(shop, token, 'a')
    const second = await paidOnStripe(shop, token, 'b')
    expect(second.session).not.toBe(first.session)
    await standIn.release()
    const invoice = (await invoiceOf(shop.db, id))!
    expect(invoice.payments.map((payment) => payment.amountCents)).toEqual([77_050, 77_050])
    expect(invoice).toMatchObject({ state: 'paid', balanceCents: 0, overpaidCents: 77_050 })
    // Refunded, the flag goes; the owner's refund of a card payment goes through Stripe.
    const refund = await ownerRefund(shop, invoice.payments[1]!.id, 77_050)
    expect(refund).toMatchObject({ overpaidCents: 0, refundedCents: 77_050, state: 'paid' })
  })

  it("records nothing from a paid session whose currency or amount is not the invoice's, and says it did not go through", async () => {
    const { site: shop, standIn, id, token } = await invoicedShop()
    standIn.holding = true
    const euros = await paidOnStripe(shop, token, 'e')
    standIn.objects.get(euros.session)!.currency = 'eur'
    const short = await paidOnStripe(shop, token, 'a')
    standIn.objects.get(short.session)!.amount_total = 100
    expect(await standIn.release()).toMatchObject([{ status: 200 }, { status: 200 }])
    expect(await rowsOf(shop, 'SELECT type FROM stripe_events')).toEqual([
      { type: 'checkout.session.completed' },
      { type: 'checkout.session.completed' },
    ])
    expect(await rowsOf(shop, 'SELECT 1 FROM payments')).toEqual([])
    for (const { back } of [euros, short]) {
      const { view } = await open(shop, token, back)
      expect(view).toMatchObject({ outcome: 'failed', card: true, processing: false, balanceCents: 77_050 })
    }
    expect((await invoiceOf(shop.db, id))!).toMatchObject({ state: 'viewed', balanceCents: 77_050 })
  })

  it('shows a bank debit as processing, then as not gone through once it fails, and takes the card after', async () => {
    const { site: shop, standIn, id, token } = await invoicedShop()
    standIn.settlesLater = true
    const { session, back } = await paidOnStripe(shop, token, 'b')
    standIn.settlesLater = false
    // Completed, but unpaid until the bank settles it: no second payment is offered meanwhile.
    expect(await standIn.delivered('checkout.session.completed', session)).toMatchObject({ status: 200 })
    expect(standIn.objects.get(session)).toMatchObject({ status: 'complete', payment_status: 'unpaid' })
    expect((await open(shop, token, back)).view).toMatchObject({ outcome: 'processing', processing: true })
    expect((await invoiceOf(shop.db, id))!).toMatchObject({ processingCents: 77_050, balanceCents: 0 })

    standIn.settle(session, 'failed')
    expect(await standIn.delivered('checkout.session.async_payment_failed', session)).toMatchObject({ status: 200 })
    // Back from Stripe, or later from the e-mailed link: it did not go through, and the card is offered again.
    for (const search of [back, '']) {
      const { view } = await open(shop, token, search)
      expect(view).toMatchObject({ outcome: 'failed', processing: false, card: true, balanceCents: 77_050 })
    }
    const again = await paidOnStripe(shop, token, 'c')
    await standIn.delivered('checkout.session.completed', again.session)
    expect((await open(shop, token, again.back)).view).toMatchObject({ outcome: 'paid' })
    expect((await invoiceOf(shop.db, id))!).toMatchObject({ state: 'paid', balanceCents: 0 })
  })

  it('renders the pay page with what to do when Stripe answers 503, and makes the session once it is back', async () => {
    const { site: shop, standIn, token } = await invoicedShop()
    standIn.unavailable = true
    const down = await pressPay(shop, token, { click: 'd'.repeat(20) })
    standIn.unavailable = false
    expect(down.status).toBe(503)
    expect(down.again).toMatchObject({ cardUnavailable: true, card: true, outcome: null, balanceCents: 77_050 })
    expect(await rowsOf(shop, 'SELECT 1 FROM checkout_sessions')).toEqual([])
    const up = await pressPay(shop, token, { click: down.again!.click })
    expect(up.status).toBe(303)
    expect(standIn.objects.get(sessionOf(up.location))).toMatchObject({ amount_total: 77_050 })
  })

  it('expires the older open session of an invoice when the customer presses "Pay" again', async () => {
    const { site: shop, standIn, token } = await invoicedShop()
    const first = await pressPay(shop, token, { click: 'a'.repeat(20) })
    await pressPay(shop, token, { click: 'b'.repeat(20) })
    expect(standIn.objects.get(sessionOf(first.location))!.status).toBe('expired')
  })
})

describe('payments the owner records and refunds', { timeout: 120_000 }, () => {
  it("records a check with its number: one receipt, the lead's last contact moved, the reminders gone", async () => {
    let now = new Date('2026-11-24T18:00:00Z') // the shop's clock, whatever the real date: Nov 20 stays in the window
    const { site: shop, smtp, id, token } = await invoicedShop({ stripe: false, clock: () => now })
    expect((await open(shop, token)).view).toMatchObject({ card: false })
    now = new Date('2026-11-24T19:00:00Z')
    const input = { lead: id, method: 'check', amount: 77_050, receivedOn: '2026-11-20', checkNumber: '1042' } as const
    expect(await recordPayment(shop.db, input, shop.now())).toMatchObject({
      state: 'paid',
      paidCents: 77_050,
      balanceCents: 0,
    })
    await outboxDrained(shop)
    const receipts = mailsAbout(smtp, /^Receipt: /)
    expect(receipts).toHaveLength(1)
    expect(receipts[0]!.mail.text).toContain('we received $770.50 (Check 1042) on November 20, 2026')
    expect(await rowsOf(shop, 'SELECT last_contact_at AS last FROM leads WHERE id = $1', [id])).toEqual([{ last: now }])
    expect(await rowsOf(shop, `SELECT 1 FROM outbox WHERE template = 'invoice_reminder'`)).toEqual([])
  })

  it("refuses a day that is no calendar day, in the future or over 365 days back, in the form's words, storing none", async () => {
    const { site: shop, id } = await invoicedShop({ stripe: false })
    const dayIssue = (receivedOn: string) =>
      v.safeParse(recordPaymentSchema, { lead: id, method: 'cash', amount: '10', receivedOn }).issues?.[0].message
    for (const day of ['2026-02-30', '2026-04-31', '2026-13-01']) expect(dayIssue(day), day).toBe(T.day)
    const today = pacificDate(shop.now())
    for (const [day, message] of [
      [addDays(today, 1), T.dayFuture],
      [addDays(today, -366), 'The day it was paid must be within the last 365 days'],
      ['1900-01-01', T.dayTooOld],
    ])
      expect(await recordPaid(shop, id, 'cash', 1_000, day!), day).toEqual({ status: 400, message })
    expect(await rowsOf(shop, 'SELECT 1 FROM payments')).toEqual([])
    // The window is 365 days (decision 055), that day itself taken.
    expect(await recordPaid(shop, id, 'cash', 1_000, addDays(today, -365))).toMatchObject({ paidCents: 1_000 })
  })

  it('refunds part of a card payment through Stripe: one receipt, and never more than what is left', async () => {
    const opened = await openShop()
    const { site: shop, smtp, standIn } = opened
    const { payment } = await paidByCard(opened)
    expect(await ownerRefund(shop, payment.id, 20_000)).toMatchObject({ refundedCents: 20_000, state: 'paid' })
    await standIn.delivered('charge.refunded')
    expect(await ownerRefund(shop, payment.id, 57_051)).toBe(INVOICE_REFUSALS['over-paid'])
    expect(await rowsOf(shop, 'SELECT amount_cents, stripe_refund IS NOT NULL AS stripe FROM refunds')).toEqual([
      { amount_cents: 20_000, stripe: true },
    ])
    await outboxDrained(shop)
    const refunds = mailsAbout(smtp, /^Refund: \$200\.00 on invoice 1$/)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.mail.text).toContain('We refunded $200.00 to your card')
  })
})

describe('refunds that end later, and refunds Stripe refuses', { timeout: 120_000 }, () => {
  it('follows a card refund that fails after it was made: it stops counting, and the owner is pushed once', async () => {
    const opened = await openShop()
    const { site: shop, standIn, pushTitles } = opened
    const { id, payment } = await paidByCard(opened)
    const refund = await failingRefund(opened, payment.id)
    const failed = await standIn.delivered('refund.failed', refund)
    expect(failed).toMatchObject({ status: 200 })
    expect(await standIn.delivered('refund.updated', refund)).toMatchObject({ status: 200 })

    const { db } = shop
    const invoice = (await invoiceOf(db, id))!
    expect(invoice).toMatchObject({ state: 'paid', paidCents: 77_050, refundedCents: 0, balanceCents: 0 })
    expect(await rowsOf(shop, 'SELECT amount_cents, state, failure_reason FROM refunds')).toEqual([
      { amount_cents: 20_000, state: 'failed', failure_reason: 'expired_or_canceled_card' },
    ])
    expect(invoice.payments[0]).toMatchObject({ refundableCents: 77_050, refunds: [{ state: 'failed' }] })
    expect((await moneyOf(shop)).thisMonth).toMatchObject({ refundCents: 0, netCents: 77_050 - 2_264 })
    expect((await moneyCsv(db)).split('\r\n').filter((line) => line.endsWith(',200.00'))).toEqual([])
    await expect.poll(pushTitles).toContain('Refund failed: $200.00, Maria, Folsom')
    expect(await standIn.send(failed.eventId)).toMatchObject({ status: 200, answer: 'Already recorded\n' })
    await outboxDrained(shop)
    expect(pushTitles().filter((title) => title.startsWith('Refund '))).toHaveLength(1)
    // The same amount refunded again is a new refund at Stripe, not the failed one replayed.
    expect(await ownerRefund(shop, payment.id, 20_000)).toMatchObject({ refundedCents: 20_000 })
    expect(await rowsOf(shop, 'SELECT state FROM refunds ORDER BY created_at')).toEqual([
      { state: 'failed' },
      { state: 'succeeded' },
    ])
  })

  it("records a refund made in Stripe's dashboard while pending, then as it succeeds or is canceled", async () => {
    const { site: shop, standIn, stripe, pushTitles, id, token } = await invoicedShop()
    standIn.settlesLater = true
    const { session } = await paidOnStripe(shop, token, 'k')
    standIn.settlesLater = false
    standIn.settle(session, 'succeeded')
    await standIn.delivered('checkout.session.async_payment_succeeded', session)
    const intent = standIn.objects.get(session)!.payment_intent as string
    standIn.refundsPending = true
    const kept = await stripe.refunds.create({ payment_intent: intent, amount: 10_000 })
    const dropped = await stripe.refunds.create({ payment_intent: intent, amount: 5_000 })
    standIn.refundsPending = false
    const refunded = () => standIn.deliveries.filter((delivery) => delivery.type === 'charge.refunded')
    await expect.poll(() => refunded().map((delivery) => delivery.status)).toEqual([200, 200])
    expect((await invoiceOf(shop.db, id))!).toMatchObject({ refundedCents: 15_000 })
    expect(await rowsOf(shop, 'SELECT stripe_refund AS id, state FROM refunds ORDER BY amount_cents')).toEqual([
      { id: dropped.id, state: 'pending' },
      { id: kept.id, state: 'pending' },
    ])

    standIn.settleRefund(kept.id, 'succeeded')
    standIn.settleRefund(dropped.id, 'canceled')
    await standIn.delivered('refund.updated', kept.id)
    await standIn.delivered('refund.updated', dropped.id)
    expect(await rowsOf(shop, 'SELECT stripe_refund AS id, state FROM refunds ORDER BY amount_cents')).toEqual([
      { id: dropped.id, state: 'canceled' },
      { id: kept.id, state: 'succeeded' },
    ])
    expect((await invoiceOf(shop.db, id))!).toMatchObject({ refundedCents: 10_000 })
    await expect.poll(pushTitles).toContain('Refund canceled: $50.00, Maria, Folsom')
    await outboxDrained(shop)
    expect(pushTitles().filter((title) => title.startsWith('Refund '))).toHaveLength(1)
  })

  it('sends no receipt for a refund that failed before its receipt went, only the push to the owner', async () => {
    // Its worker sends when the test drains it, so the receipt is still queued as the refund fails.
    const opened = await openShop({ startWorker: false })
    const { site: shop, smtp, standIn, pushTitles } = opened
    const { payment } = await paidByCard(opened)
    const refund = await failingRefund(opened, payment.id)
    expect(await standIn.delivered('refund.updated', refund)).toMatchObject({ status: 200 })
    await shop.outbox.drain()
    await outboxDrained(shop)
    expect(mailsAbout(smtp, /^Receipt: \$770\.50 paid on invoice 1$/)).toHaveLength(1)
    expect(mailsAbout(smtp, /^Refund: /)).toEqual([])
    await expect.poll(pushTitles).toContain('Refund failed: $200.00, Maria, Folsom')
  })

  it('tells the owner in plain words when Stripe refuses a refund or cannot be reached, and records none', async () => {
    const opened = await openShop()
    const { site: shop, standIn, stripe } = opened
    const { payment, intent, charge } = await paidByCard(opened)
    standIn.unavailable = true
    const unreachable = await ownerRefund(shop, payment.id, 10_000)
    standIn.unavailable = false
    expect(unreachable).toEqual({
      status: 503,
      message:
        'Stripe did not answer, so the refund may not have been made. Try again in a few minutes: it is never made twice.',
    })
    // Refunded in full in Stripe's dashboard, its event not here yet: the card still offers a refund.
    standIn.holding = true
    await stripe.refunds.create({ payment_intent: intent })
    expect(await ownerRefund(shop, payment.id, 10_000)).toEqual({
      status: 409,
      message: `Stripe refused this refund, so nothing was refunded. Stripe says: Charge ${charge} has already been refunded.`,
    })
    expect(await rowsOf(shop, 'SELECT 1 FROM refunds')).toEqual([])
    await standIn.release()
    expect(await rowsOf(shop, 'SELECT amount_cents FROM refunds')).toEqual([{ amount_cents: 77_050 }])
  })
})

describe('the pay page refuses', { timeout: 120_000 }, () => {
  it('an unknown and a paid-off link alike: one 404 with the phone, nothing telling them apart', async () => {
    const { site: shop, id, token } = await invoicedShop({ stripe: false })
    await recordPaid(shop, id, 'cash', 77_050, pacificDate(shop.now()))
    const paidOff = await open(shop, token)
    const unknown = await open(shop, 'A'.repeat(32))
    const malformed = await open(shop, '..%2Fetc')
    const bodies = await Promise.all([paidOff, unknown, malformed].map(({ response }) => response.text()))
    expect([paidOff, unknown, malformed].map(({ response }) => response.status)).toEqual([404, 404, 404])
    expect(new Set(bodies).size).toBe(1)
    expect(bodies[0]).toContain(site.phone)
    for (const { response } of [paidOff, unknown])
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-robots-tag': 'noindex',
      })
  })

  it('a post from another site, and too many posts, with nothing made at Stripe', async () => {
    const { site: shop, standIn, token } = await invoicedShop()
    const crossSite = await pressPay(shop, token, {}, { Origin: 'https://attacker.example' })
    expect(crossSite.status).toBe(403)
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push((await pressPay(shop, token, { click: `c${i}`.padEnd(20, 'x') })).status)
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429])
    expect([...standIn.objects.values()].filter((o) => o.object === 'checkout.session')).toHaveLength(5)
  })

  it('nothing more under the highest QUOTE_RATE_LIMIT the settings take: the page, and 400 for a bad signature', async () => {
    // Page views and webhooks are limited at 12 times it, past the database's integer: a 500 each before.
    const { site: shop, token } = await invoicedShop({ settings: { QUOTE_RATE_LIMIT: '2147483647' } })
    const { response, view } = await open(shop, token)
    expect([response.status, view?.balanceCents]).toEqual([200, 77_050])
    expect((await forgedEvent(shop)).status).toBe(400)
  })

  it('a webhook event of no declared length: 411, before it is read', async () => {
    const answer = await forgedEvent((await openShop()).site, chunked)
    expect([answer.status, await answer.text()]).toEqual([411, 'Content-Length required\n'])
  })

  it('a webhook while Stripe is not set up: 404, storing nothing', async () => {
    const { site: shop } = await openShop({ stripe: false })
    expect((await forgedEvent(shop)).status).toBe(404)
    expect(await rowsOf(shop, 'SELECT 1 FROM stripe_events')).toEqual([])
  })
})

describe('reminders and the money the owner sees', { timeout: 120_000 }, () => {
  it('reminds an unpaid invoice 3 and 10 days after sending, within opening hours, and stops once paid', async () => {
    // The outbox and the invoice run on this clock, whatever the real date: what goes at once is due by it too.
    let now = new Date('2026-12-07T03:00:00Z') // Sunday 19:00 Pacific: after closing
    const { site: shop, smtp, id } = await invoicedShop({ stripe: false, clock: () => now })
    const due = await rowsOf<{ key: string; due: Date }>(
      shop,
      `SELECT key, next_attempt_at AS due FROM outbox WHERE template = 'invoice_reminder' ORDER BY key`,
    )
    // Three and ten days later fall after closing too: each waits for 07:00 Pacific the next morning.
    expect(due.map((row) => [row.key, row.due.toISOString()])).toEqual([
      ['day-10', '2026-12-17T15:00:00.000Z'],
      ['day-3', '2026-12-10T15:00:00.000Z'],
    ])
    await expect.poll(() => mailsAbout(smtp, /^Invoice 1 from/).length, { timeout: 30_000 }).toBe(1)
    now = new Date('2026-12-10T15:01:00Z')
    await shop.outbox.drain()
    await expect.poll(() => mailsAbout(smtp, /^Reminder: invoice 1, \$770\.50 due$/).length).toBe(1)
    await recordPaid(shop, id, 'zelle', 77_050, '2026-11-05')
    await expect.poll(() => mailsAbout(smtp, /^Receipt: /).length, { timeout: 30_000 }).toBe(1)
    now = new Date('2026-12-18T18:00:00Z')
    await shop.outbox.drain()
    expect(await rowsOf(shop, `SELECT 1 FROM outbox WHERE template = 'invoice_reminder' AND sent_at IS NULL`)).toEqual(
      [],
    )
    expect(mailsAbout(smtp, /^Reminder: /)).toHaveLength(1)
  })

  it('lists the invoices still due, by age, in the morning list, and leaves a paid one off', async () => {
    let now = new Date('2026-12-07T18:00:00Z') // Monday 10:00 Pacific
    const { site: shop, smtp } = await openShop({ stripe: false, clock: () => now })
    // This day's list is looked at before the invoice exists (on a loaded runner the worker's first run came after
    // it, and a second list went out); the test counts the list of a later morning.
    const todaysList = `SELECT 1 FROM daily_runs WHERE job = 'morning-list' AND day = '2026-12-07'`
    await expect.poll(() => rowsOf(shop, todaysList), { timeout: 30_000 }).toHaveLength(1)
    const { id } = await sentInvoice(shop)
    const lists = () => mailsAbout(smtp, /^\d+ invoices? (is|are) due$/)
    now = new Date('2026-12-17T15:05:00Z') // 07:05 Pacific, nine days and 21 hours later
    await shop.outbox.drain()
    await expect.poll(() => lists().length).toBe(1)
    expect(lists()[0]!.mail.subject).toBe('1 invoice is due')
    expect(lists()[0]!.mail.text).toContain(
      'Due 8–30 days after sending ($770.50):\n  Invoice 1, Maria: $770.50, sent 9 days ago',
    )
    await recordPaid(shop, id, 'cash', 77_050, '2026-12-17')
    now = new Date('2026-12-18T15:05:00Z')
    await shop.outbox.drain()
    await outboxDrained(shop)
    expect(mailsAbout(smtp, /^Receipt: /)).toHaveLength(1)
    expect(lists()).toHaveLength(1)
  })

  it('sums this month and the last (gross, fees, refunds, net), ages what is unpaid, and writes the CSV', async () => {
    const opened = await openShop()
    const { site: shop } = opened
    const { db } = shop
    const { id, payment } = await paidByCard(opened, (lead) =>
      addInvoiceLine(db, lead, { description: 'Gate, "side" =1+1', cents: 1_000 }),
    )
    await ownerRefund(shop, payment.id, 5_000)
    const unpaid = await sentInvoice(shop)
    const paidEarlier = addDays(pacificDate(shop.now()), -100)
    await recordPaid(shop, unpaid.id, 'cash', 7_050, paidEarlier)

    const money = await moneyOf(shop)
    // $780.50 by card: 2.9% is 2263.45¢, 2263 + 30.
    expect(money.thisMonth).toMatchObject({
      grossCents: 78_050,
      feeCents: 2_293,
      refundCents: 5_000,
      netCents: 78_050 - 2_293 - 5_000,
      payments: 1,
    })
    expect(money.unpaid['0-7']).toEqual({ count: 1, cents: 70_000 })
    expect(money.unpaidInvoices).toMatchObject([{ leadId: unpaid.id, number: 2, balanceCents: 70_000, days: 0 }])
    expect(money.cardPayments).toBe(true)
    // The Sources view and the Google Ads file count money received, refunds taken off, not the quoted value.
    await rowsOf(db, `UPDATE leads SET source_tags = '{"gclid": "Cj0KCQ-paid"}' WHERE id = $1`, [id])
    expect(await conversions(db)).toMatchObject([{ id, jobValueCents: 73_050 }])
    const won = (await leadSources(db, 30)).channels.map((channel) => channel.wonCents)
    expect(won.reduce((total, cents) => total + cents, 0)).toBe(73_050 + 7_050)

    const csv = (await moneyCsv(db)).split('\r\n')
    expect(csv[0]).toBe('date,invoice,customer,items,method,amount,fee,refund')
    // A cell with a semicolon is quoted, as the leads CSV's are: some spreadsheets split on it.
    expect(csv[1]).toBe(`${paidEarlier},2,Maria,"Driveway cleaning; Walkway and steps; Seal the driveway",Cash,70.50,,`)
    const items = '"Driveway cleaning; Walkway and steps; Seal the driveway; Gate, ""side"" =1+1"'
    expect(csv.slice(2, 4)).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},1,Maria,${escape(items)},Card,780\\.50,22\\.93,$`)),
      expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},1,Maria,${escape(items)},Card,,,50\\.00$`)),
    ])
  })
})

describe('invoice numbers', { timeout: 120_000 }, () => {
  it.runIf(onPostgres)('run without gap or repeat when sends race on PostgreSQL', async () => {
    const { site: shop } = await openShop({ stripe: false })
    const { db } = shop
    const leads: string[] = []
    for (let i = 0; i < 6; i++) {
      const { id } = await acceptedLead(shop, `Lee${i}`)
      await markJobDone(db, id)
      leads.push(id)
    }
    const sent = await Promise.all(leads.map((lead) => sendInvoice(shop.db, lead, shop.now())))
    const numbers = sent.map((invoice) => (invoice as LeadInvoice).number).sort((a, b) => a! - b!)
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6])
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
