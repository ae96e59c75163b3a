/**
 * An invoice from the owner's phone to the customer's card at 390 × 844, against the local stand-in of Stripe's API
 * (tests/support/stripe-stand-in.ts: its hosted page and its signed webhooks; no network here): the owner marks the
 * job done, adds a line on site and sends; the customer opens the e-mailed link and pays by card; the card and the
 * Money view follow. Then a check recorded and a partial card refund. And the pay page as a plain form: paid without
 * JavaScript, at 320 px, by keyboard alone. Receipts, pushes and the CSV are tests/server/payments.test.ts's.
 * docs/decisions/055-invoices-and-payments.md
 */
import Stripe from 'stripe'
import { site } from '~/content/site'
import { OWNER_INVOICE_TEXTS as T } from '~/features/payments/invoice'
import type { StripeStandIn } from '../tests/support/stripe-stand-in'
import { expectNoViolations } from './support/axe'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'
import { tabTo } from './support/keyboard'
import { emailedLink, postWork, signInOwner, startPayingServer } from './support/owner'
import { acceptedLead, type SiteServer } from './support/site-server'
import { expect, test, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

/** The invoice's link in its e-mail, pointed at this test's server. */
const invoiceLink = (server: SiteServer, to: string) => emailedLink(server, to, /^Invoice 1 from /, '/pay/')

async function card(page: Page, server: SiteServer, firstName: string) {
  await page.goto(`${server.url}/owner`)
  return page.getByRole('article').filter({ hasText: firstName })
}

/** "Job done" and "Send invoice" on the lead's card, as the owner taps them: invoice `number` sent; the card. */
async function invoiceSent(page: Page, server: SiteServer, firstName: string, number = 1) {
  const lead = await card(page, server, firstName)
  await lead.getByRole('button', { name: T.jobDone }).click()
  await lead.getByRole('button', { name: T.send }).click()
  await expect(lead.getByText(T.state({ state: 'sent', number }))).toBeVisible()
  return lead
}

/**
 * Stripe sends the customer back to the built SITE_URL; here that is this test's server. The stand-in's redirect is
 * rewritten: Chromium's headless shell lets no route catch the request a redirect leads to.
 */
const toServer = (page: Page, server: SiteServer, standIn: StripeStandIn) =>
  page.route(`${standIn.url}/c/pay/**`, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 })
    const location = response.headers().location?.replace(site.baseUrl, server.url)
    await route.fulfill({ response, headers: { ...response.headers(), ...(location && { location }) } })
  })

/** "Pay $X" on the stand-in's page once it is open: until then a loose name matches our page's "Pay $X by card". */
async function payOnStripe(pay: Page, total: string) {
  await expect(pay.getByRole('heading', { name: `Pay ${total}`, exact: true })).toBeVisible()
  await pay.getByRole('button', { name: `Pay ${total}`, exact: true }).click()
}

test('the owner invoices a done job, the customer pays by card, the owner records a check and refunds part', async ({
  page,
  browser,
  stripeStandIn: standIn,
}) => {
  test.setTimeout(240_000)
  const server = await startPayingServer(standIn, async (db) => {
    await acceptedLead(db, 'Maria', 'maria@example.com')
    await acceptedLead(db, 'Chen', 'chen@example.com')
  })
  await signInOwner(page, server)
  // "Job done", a line added on site, and sent.
  let maria = await card(page, server, 'Maria')
  await maria.getByRole('button', { name: T.jobDone }).click()
  await expect(maria.getByText(T.state({ state: 'draft', number: null }))).toBeVisible()
  await maria.getByLabel(T.description).fill('Oil stain by the gate')
  await maria.getByLabel(T.price).fill('45')
  await maria.getByRole('button', { name: T.add }).click()
  await expect(maria.getByText(/Total \$415\.50/)).toBeVisible()
  await expectNoViolations(page)
  await maria.getByRole('button', { name: T.send }).click()
  await expect(maria.getByText(T.state({ state: 'sent', number: 1 }))).toBeVisible()
  await expect(maria.getByRole('link', { name: T.text })).toHaveAttribute('href', /^sms:.*%2Fpay%2F/)

  // The customer, in a browser of her own: the e-mailed link, "Pay by card", the stand-in's hosted page, back.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const pay = await customer.newPage()
  await toServer(pay, server, standIn)
  const link = await invoiceLink(server, 'maria@example.com')
  const opened = await pay.goto(link)
  expect(opened?.headers()).toMatchObject({ 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' })
  expect(opened?.headers()['cache-control']).toMatch(/\bno-store\b/)
  await expect(pay.getByRole('row', { name: 'Oil stain by the gate (added on site) $45.00' })).toBeVisible()
  await expectNoViolations(pay)
  await pay.getByRole('button', { name: 'Pay $415.50 by card' }).click()
  await payOnStripe(pay, '$415.50')
  await expect(pay.getByText('Paid, thank you')).toBeVisible({ timeout: 15_000 })
  await customer.close()

  // The card and the Money view, with Stripe's fee (2.9% + 30¢).
  maria = await card(page, server, 'Maria')
  await expect(maria.getByText(T.state({ state: 'paid', number: 1 }))).toBeVisible()
  await page.goto(`${server.url}/owner?view=money`)
  await expect(page.getByRole('row', { name: /^Paid \$415\.50/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /^Card fees \$12\.35/ })).toBeVisible()
  await expectNoViolations(page)

  // Chen pays by check through "Record payment", chosen before the inbox's scripts ran; Maria gets $100 back on
  // her card.
  const chen = await invoiceSent(page, server, 'Chen', 2)
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.reload({ waitUntil: 'domcontentloaded' })
  await chen.getByText(T.record, { exact: true }).first().click()
  await chen.getByLabel(T.method).selectOption('check')
  release()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await chen.getByLabel(T.checkNumber).fill('1042')
  await chen.getByRole('button', { name: T.record }).click()
  await expect(chen.getByText(T.state({ state: 'paid', number: 2 }))).toBeVisible()
  await expect(chen.getByText(/^Check 1042: \$370\.50 on /)).toBeVisible()
  maria = await card(page, server, 'Maria')
  await maria.getByText(T.refund, { exact: true }).first().click()
  await maria.getByLabel(/^Refund amount/).fill('100')
  await maria.getByRole('button', { name: T.refund }).click()
  await expect(maria.getByText(/^Refunded \$100\.00 on/)).toBeVisible()
})

test('without JavaScript, at 320 px and by keyboard alone, the customer sees her job and pays by card', async ({
  page,
  browser,
  stripeStandIn: standIn,
}) => {
  test.setTimeout(120_000)
  let leadId = ''
  const server = await startPayingServer(
    standIn,
    async (db) => (leadId = await acceptedLead(db, 'Rosa', 'rosa@example.com')),
  )
  await signInOwner(page, server)
  await invoiceSent(page, server, 'Rosa')
  // The job's before and after, posted from the lead.
  await postWork(page, server, { category: 'Driveway Cleaning', city: 'folsom', leadId, alt: 'Rosa’s driveway' })

  const customer = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false })
  const pay = await customer.newPage()
  await toServer(pay, server, standIn)
  await pay.goto(await invoiceLink(server, 'rosa@example.com'))
  await expect(pay.getByRole('row', { name: 'Walkway and steps $120.50' })).toBeVisible()
  const job = pay.getByRole('region', { name: 'Before and after' }).getByRole('img', { name: /Rosa’s driveway/ })
  await job.scrollIntoViewIfNeeded()
  await expect.poll(() => job.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await tabTo(pay, pay.getByRole('button', { name: 'Pay $370.50 by card' }))
  await pay.keyboard.press('Enter')
  // The stand-in's page is Stripe's in production: a plain form here too.
  await expect(pay.getByRole('heading', { name: 'Pay $370.50', exact: true })).toBeVisible()
  await pay.getByRole('button', { name: 'Pay $370.50', exact: true }).focus()
  await pay.keyboard.press('Enter')
  await expect(pay.getByText('Paid, thank you')).toBeVisible({ timeout: 15_000 })
  await customer.close()
})

test('a bank debit that failed and Stripe down: the pay page says what happened and what to do, and she pays after', async ({
  page,
  browser,
  stripeStandIn: standIn,
}) => {
  test.setTimeout(120_000)
  const server = await startPayingServer(standIn, (db) => acceptedLead(db, 'Ana', 'ana@example.com'))
  await signInOwner(page, server)
  await invoiceSent(page, server, 'Ana')

  const customer = await browser.newContext({ viewport: { width: 320, height: 640 } })
  const pay = await customer.newPage()
  await toServer(pay, server, standIn)
  await pay.goto(await invoiceLink(server, 'ana@example.com'))
  // She pays from her bank account: the debit settles days later, and no second payment is offered meanwhile.
  standIn.settlesLater = true
  await pay.getByRole('button', { name: 'Pay $370.50 by card' }).click()
  await payOnStripe(pay, '$370.50')
  await expect(pay.getByText('Payment processing')).toBeVisible({ timeout: 15_000 })
  await expect(pay.getByRole('button', { name: 'Pay $370.50 by card' })).toHaveCount(0)
  standIn.settlesLater = false

  const session = new URL(pay.url()).searchParams.get('session')!
  standIn.settle(session, 'failed')
  expect(await standIn.delivered('checkout.session.async_payment_failed', session)).toMatchObject({ status: 200 })
  await pay.reload()
  const failed = pay.getByRole('status').filter({ hasText: 'did not go through' })
  await expect(failed).toHaveText(`The payment did not go through. Call ${site.phone} or try again`)
  await expect(failed.getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref)
  expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectNoViolations(pay)

  // She tries again while Stripe answers 503: the pay page again, saying what to do, with the button.
  standIn.unavailable = true
  const [down] = await Promise.all([
    pay.waitForResponse((response) => response.request().method() === 'POST'),
    pay.getByRole('button', { name: 'Pay $370.50 by card' }).click(),
  ])
  expect(down.status()).toBe(503)
  const unavailable = pay.getByRole('status').filter({ hasText: 'not available right now' })
  await expect(unavailable).toHaveText(
    `Card payment is not available right now. Please try again later or call us at ${site.phone}.`,
  )
  expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  standIn.unavailable = false
  await pay.getByRole('button', { name: 'Pay $370.50 by card' }).click()
  await payOnStripe(pay, '$370.50')
  await expect(pay.getByText('Paid, thank you')).toBeVisible({ timeout: 15_000 })
  await customer.close()
})

test('the owner reads why: the invoice ceiling, a card refund that failed later, and one Stripe refused', async ({
  page,
  stripeStandIn: standIn,
}) => {
  test.setTimeout(120_000)
  const stripe = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http' })
  const server = await startPayingServer(standIn, async (db) => {
    await acceptedLead(db, 'Maria', 'maria@example.com')
    // Omar's draft already holds lines added on site up to $999,999.99, Stripe's most for one card payment.
    const omar = await acceptedLead(db, 'Omar', 'omar@example.com')
    const line = (id: string, cents: number) => ({ id, description: `Building ${id}`, cents, addedOnSite: true })
    const items = [...Array.from({ length: 9 }, (_, i) => line(`a${i + 1}`, 10_000_000)), line('a10', 9_999_999)]
    await db
      .insertInto('invoices')
      .values({ lead_id: omar, items: JSON.stringify(items), total_cents: 99_999_999 })
      .execute()
  })
  await signInOwner(page, server)
  const omar = await card(page, server, 'Omar')
  await expect(omar.getByText(/Total \$999,999\.99/)).toBeVisible()
  await omar.getByLabel(T.description).fill('Gate')
  await omar.getByLabel(T.price).fill('0.01')
  await omar.getByRole('button', { name: T.add }).click()
  await expect(
    omar.getByText('An invoice can total at most $999,999.99, the most Stripe takes in one card payment'),
  ).toBeVisible()
  await expect(omar.getByText(/Total \$999,999\.99/)).toBeVisible()

  // Maria pays $370.50 by card.
  await invoiceSent(page, server, 'Maria')
  const link = await invoiceLink(server, 'maria@example.com')
  const pressed = await page.request.post(link, { headers: { Origin: server.url }, form: {}, maxRedirects: 0 })
  const hosted = pressed.headers().location!
  expect((await fetch(hosted, { method: 'POST', redirect: 'manual' })).status).toBe(303)
  const session = hosted.split('/c/pay/')[1]!
  expect(await standIn.delivered('checkout.session.completed', session)).toMatchObject({ status: 200 })

  // A refund the bank holds as pending, then fails: the card says so, and the whole payment is refundable again.
  standIn.refundsPending = true
  let maria = await card(page, server, 'Maria')
  await maria.getByText(T.refund, { exact: true }).first().click()
  await maria.getByLabel(/^Refund amount/).fill('100')
  await maria.getByRole('button', { name: T.refund }).click()
  await expect(maria.getByText(/^Refunded \$100\.00 on \S+ \(pending at the bank\)$/)).toBeVisible()
  standIn.refundsPending = false
  const refund = [...standIn.objects.values()].find((object) => object.object === 'refund')!
  standIn.settleRefund(refund.id, 'failed')
  expect(await standIn.delivered('refund.updated', refund.id)).toMatchObject({ status: 200 })
  maria = await card(page, server, 'Maria')
  await expect(
    maria.getByText(
      /^Refund of \$100\.00 on \S+ failed \(expired or canceled card\): the money is back in Stripe, not with the customer$/,
    ),
  ).toBeVisible()
  await maria.getByText(T.refund, { exact: true }).first().click()
  await expect(maria.getByLabel('Refund amount ($, up to $370.50)')).toBeVisible()

  // Refunded in full in Stripe's dashboard, its event not here yet: Stripe refuses the owner's refund.
  standIn.holding = true
  const intent = standIn.objects.get(session)!.payment_intent as string
  await stripe.refunds.create({ payment_intent: intent })
  await maria.getByLabel(/^Refund amount/).fill('50')
  await maria.getByRole('button', { name: T.refund }).click()
  const charge = standIn.objects.get(intent)!.latest_charge as string
  await expect(
    maria.getByText(
      `Stripe refused this refund, so nothing was refunded. Stripe says: Charge ${charge} has already been refunded.`,
    ),
  ).toBeVisible()
  await standIn.release()
})
