/**
 * An invoice from the owner's phone to the customer's card at 390 × 844, against the local stand-in of Stripe's API
 * (tests/support/stripe-stand-in.ts: its hosted page and its signed webhooks; no network here): the owner marks the
 * job done, adds a line on site and sends; the customer opens the e-mailed link and pays by card; receipt, push,
 * the Money view and its CSV follow. Then a check recorded and a partial card refund, one receipt each. And the pay
 * page as a plain form: paid without JavaScript, at 320 px, by keyboard alone, with the job's posted photos on it.
 * docs/decisions/055-invoices-and-payments.md
 */
import { randomBytes, randomUUID } from 'node:crypto'
import sharp from 'sharp'
import webpush from 'web-push'
import { site } from '~/content/site'
import { OWNER_INVOICE_TEXTS as T } from '~/lib/payments/invoice'
import { savePushSubscription } from '../app/server/owner/inbox.server'
import { phoneKeys, startPushService, subscriptionOf, localCertificate } from '../tests/support/push-service'
import { startStripeStandIn } from '../tests/support/stripe-stand-in'
import { violationList, wcagAudit } from './support/axe'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'
import { tabTo } from './support/keyboard'
import { mails, signInOwner, startOwnerServer } from './support/owner'
import { storeTestLead, type SiteServer } from './support/site-server'
import type { Database } from '../app/server/db/database.server'
import { expect, test, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

const vapid = webpush.generateVAPIDKeys()
const ACCEPTED = [
  { id: 'i1', description: 'Driveway cleaning', cents: 25_000, optional: false },
  { id: 'i2', description: 'Walkway and steps', cents: 12_050, optional: false },
]

/** A won lead from Folsom whose quote was accepted, as the quote's own spec leaves one (e2e/quote-accept.spec.ts). */
async function acceptedLead(db: Database, firstName: string, email: string) {
  await storeTestLead(db, { first_name: firstName, email, status: 'won', service_zip: '95630' })
  const { id } = await db.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  const token = randomBytes(24).toString('base64url')
  await db
    .insertInto('quotes')
    .values({
      lead_id: id,
      token,
      version: 1,
      items: JSON.stringify(ACCEPTED),
      terms: 'Terms',
      valid_until: new Date(Date.now() + 30 * 86_400_000), // open 30 days, as a quote just sent
      hash: '0'.repeat(64),
      accepted_at: new Date(),
      accepted_name: `${firstName} Lopez`,
      accepted_items: JSON.stringify(ACCEPTED),
      accepted_total_cents: 37_050,
    })
    .execute()
  return id
}

const subjects = async (server: SiteServer, to: string) =>
  (await mails(server))
    .filter((mail) => mail.to && 'text' in mail.to && mail.to.text === to)
    .map((mail) => mail.subject ?? '')

/** The invoice's link in its e-mail, pointed at this test's server (SITE_URL is fixed at build time). */
async function emailedLink(server: SiteServer, to: string) {
  await expect.poll(() => subjects(server, to), { timeout: 15_000 }).toContain(`Invoice 1 from ${site.name}`)
  const mail = (await mails(server)).find((m) => m.subject === `Invoice 1 from ${site.name}`)!
  const link = mail.text!.match(/https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{32}/)![0]
  return `${server.url}${new URL(link).pathname}`
}

async function card(page: Page, server: SiteServer, firstName: string) {
  await page.goto(`${server.url}/owner`)
  return page.getByRole('article').filter({ hasText: firstName })
}

test('the owner invoices a done job, the customer pays by card, the owner records a check and refunds part', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const phone = phoneKeys()
  const tls = localCertificate()
  const push = await startPushService(phone, vapid.publicKey, tls)
  const standIn = await startStripeStandIn()
  const server = await startOwnerServer(
    {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_EXTRA_CA_CERTS: tls.certPath,
      TEST_ONLY_PUSH_TO_LOOPBACK: 'on',
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    },
    async (db) => {
      await acceptedLead(db, 'Maria', 'maria@example.com')
      await acceptedLead(db, 'Chen', 'chen@example.com')
      await savePushSubscription(db, subscriptionOf(phone, push.endpoint))
    },
  )
  standIn.webhookUrl = `${server.url}/stripe/webhook`
  try {
    await signInOwner(page, server)
    // "Job done", a line added on site, and sent.
    let maria = await card(page, server, 'Maria')
    await maria.getByRole('button', { name: T.jobDone }).click()
    await expect(maria.getByText(T.state({ state: 'draft', number: null }))).toBeVisible()
    await maria.getByLabel(T.description).fill('Oil stain by the gate')
    await maria.getByLabel(T.price).fill('45')
    await maria.getByRole('button', { name: T.add }).click()
    await expect(maria.getByText(/Total \$415\.50/)).toBeVisible()
    expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
    await maria.getByRole('button', { name: T.send }).click()
    await expect(maria.getByText(T.state({ state: 'sent', number: 1 }))).toBeVisible()
    await expect(maria.getByRole('link', { name: T.text })).toHaveAttribute('href', /^sms:.*%2Fpay%2F/)

    // The customer, in a browser of her own: the e-mailed link, "Pay by card", the stand-in's hosted page, back.
    const customer = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const pay = await customer.newPage()
    // Stripe sends her back to the built SITE_URL; here that is this test's server.
    await pay.route(`${site.baseUrl}/pay/**`, (route) =>
      route.fulfill({ status: 303, headers: { location: route.request().url().replace(site.baseUrl, server.url) } }),
    )
    const link = await emailedLink(server, 'maria@example.com')
    const opened = await pay.goto(link)
    expect(opened?.headers()).toMatchObject({ 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' })
    expect(opened?.headers()['cache-control']).toMatch(/\bno-store\b/)
    await expect(pay.getByRole('row', { name: 'Oil stain by the gate (added on site) $45.00' })).toBeVisible()
    expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(violationList(await (await wcagAudit(pay)).analyze())).toEqual([])
    await pay.getByRole('button', { name: 'Pay $415.50 by card' }).click()
    await expect(pay.getByRole('heading', { name: 'Pay $415.50' })).toBeVisible()
    await pay.getByRole('button', { name: 'Pay $415.50' }).click()
    await expect(pay.getByText('Paid, thank you')).toBeVisible({ timeout: 15_000 })
    await customer.close()

    // Her receipt, the owner's push, the card, the Money view and the CSV with Stripe's fee (2.9% + 30¢).
    await expect
      .poll(() => subjects(server, 'maria@example.com'), { timeout: 15_000 })
      .toContain('Receipt: $415.50 paid on invoice 1')
    await expect
      .poll(() => push.delivered.map((p) => p.payload.title), { timeout: 15_000 })
      .toContain('Paid: $415.50, Maria, Folsom')
    maria = await card(page, server, 'Maria')
    await expect(maria.getByText(T.state({ state: 'paid', number: 1 }))).toBeVisible()
    await page.goto(`${server.url}/owner?view=money`)
    await expect(page.getByRole('row', { name: /^Paid \$415\.50/ })).toBeVisible()
    await expect(page.getByRole('row', { name: /^Card fees \$12\.35/ })).toBeVisible()
    expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
    const csv = await page.request.get(`${server.url}/owner/money.csv`)
    expect(await csv.text()).toMatch(
      /,1,Maria,"Driveway cleaning; Walkway and steps; Oil stain by the gate",Card,415\.50,12\.35,\r\n/,
    )

    // Chen pays by check through "Record payment", chosen before the inbox's scripts ran; Maria gets $100 back on
    // her card: one receipt each.
    const chen = await card(page, server, 'Chen')
    await chen.getByRole('button', { name: T.jobDone }).click()
    await chen.getByRole('button', { name: T.send }).click()
    await expect(chen.getByText(T.state({ state: 'sent', number: 2 }))).toBeVisible()
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
    await expect
      .poll(async () => (await subjects(server, 'chen@example.com')).filter((s) => s.startsWith('Receipt:')))
      .toEqual(['Receipt: $370.50 paid on invoice 2'])
    await expect
      .poll(async () => (await subjects(server, 'maria@example.com')).filter((s) => s.startsWith('Refund:')))
      .toEqual(['Refund: $100.00 on invoice 1'])
  } finally {
    await standIn.close()
    await push.stop()
  }
})

/** A photo of one colour, as the owner's phone would send it (smaller). */
const photoOf = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer()

test('without JavaScript, at 320 px and by keyboard alone, the customer sees her job and pays by card', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const standIn = await startStripeStandIn()
  let leadId = ''
  const server = await startOwnerServer(
    {
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: standIn.url,
    },
    async (db) => (leadId = await acceptedLead(db, 'Rosa', 'rosa@example.com')),
  )
  standIn.webhookUrl = `${server.url}/stripe/webhook`
  try {
    await signInOwner(page, server)
    const rosa = await card(page, server, 'Rosa')
    await rosa.getByRole('button', { name: T.jobDone }).click()
    await rosa.getByRole('button', { name: T.send }).click()
    await expect(rosa.getByText(T.state({ state: 'sent', number: 1 }))).toBeVisible()
    // The job's before and after, posted from the lead as the work form does (e2e/posted-work-owner.spec.ts).
    const [before, after] = await Promise.all([photoOf('#4a3f35'), photoOf('#d9d4ca')])
    const posted = await page.request.post(`${server.url}/owner/work`, {
      headers: { Origin: server.url },
      multipart: {
        ...{ id: randomUUID(), category: 'Driveway Cleaning', city: 'folsom', consent: 'yes', leadId },
        alt: 'Rosa’s driveway before and after',
        before: { name: 'before.jpg', mimeType: 'image/jpeg', buffer: before },
        after: { name: 'after.jpg', mimeType: 'image/jpeg', buffer: after },
      },
    })
    expect(posted.status()).toBe(200)

    const customer = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false })
    const pay = await customer.newPage()
    await pay.route(`${site.baseUrl}/pay/**`, (route) =>
      route.fulfill({ status: 303, headers: { location: route.request().url().replace(site.baseUrl, server.url) } }),
    )
    await pay.goto(await emailedLink(server, 'rosa@example.com'))
    await expect(pay.getByRole('row', { name: 'Walkway and steps $120.50' })).toBeVisible()
    const job = pay.getByRole('region', { name: 'Before and after' }).getByRole('img', { name: /Rosa’s driveway/ })
    await job.scrollIntoViewIfNeeded()
    await expect
      .poll(() => job.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    expect(await pay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await tabTo(pay, pay.getByRole('button', { name: 'Pay $370.50 by card' }))
    await pay.keyboard.press('Enter')
    // The stand-in's page is Stripe's in production: a plain form here too.
    await expect(pay.getByRole('heading', { name: 'Pay $370.50' })).toBeVisible()
    await pay.getByRole('button', { name: 'Pay $370.50' }).focus()
    await pay.keyboard.press('Enter')
    await expect(pay.getByText('Paid, thank you')).toBeVisible({ timeout: 15_000 })
    await customer.close()
    await expect
      .poll(() => subjects(server, 'rosa@example.com'), { timeout: 15_000 })
      .toContain('Receipt: $370.50 paid on invoice 1')
  } finally {
    await standIn.close()
  }
})
