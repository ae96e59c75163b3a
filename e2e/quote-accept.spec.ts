/**
 * A quote from the owner's phone to the customer's acceptance, on the production build at 390 × 844: the owner
 * writes two items and an option and sends it; the customer opens the e-mailed link, ticks the option, accepts;
 * the lead is won with that total (the e-mails' words: tests/server/quotes.test.ts). Without JavaScript the same
 * post records the same acceptance. docs/decisions/053-quotes-and-jobs.md
 */
import { randomUUID } from 'node:crypto'
import { OWNER_QUOTE_TEXTS, QUOTE_FIELD_TEXTS, QUOTE_PAGE_TEXTS } from '~/features/quotes/quote-texts'
import { pacificDate } from '../app/platform/time/business-hours.server'
import { expectNoViolations } from './support/axe'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'
import { callServerFunction, emailedLink, signInOwner, startOwnerServer } from './support/owner'
import { acceptedLead, storeTestLead, type SiteServer } from './support/site-server'
import { expect, test, type Browser, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

const ITEMS = [
  { description: 'Driveway cleaning', price: '250' },
  { description: 'Walkway and steps', price: '120.50' },
  { description: 'Seal the driveway', price: '400', optional: true },
]

/** The quote's link in its e-mail, pointed at this test's server. */
const quoteLink = (server: SiteServer, email: string) => emailedLink(server, email, /^Your quote from/, '/quote/')

/** The owner writes the quote in the editor opened from the lead's card, and sends it. */
async function writeAndSend(page: Page, server: SiteServer, firstName: string) {
  await page.goto(`${server.url}/owner`)
  const card = page.getByRole('article').filter({ hasText: firstName })
  await card.getByRole('link', { name: OWNER_QUOTE_TEXTS.write }).click()
  await expect(page.getByRole('heading', { name: OWNER_QUOTE_TEXTS.heading(firstName) })).toBeVisible()
  const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem')
  for (const [index, item] of ITEMS.entries()) {
    await page.getByRole('button', { name: OWNER_QUOTE_TEXTS.addItem }).click()
    const row = items.nth(index)
    await row.getByLabel(`${OWNER_QUOTE_TEXTS.description} ${index + 1}`).fill(item.description)
    await row.getByLabel(OWNER_QUOTE_TEXTS.price).fill(item.price)
    if (item.optional) await row.getByLabel(OWNER_QUOTE_TEXTS.optional).check()
  }
  await expect(page.getByText(OWNER_QUOTE_TEXTS.totalRequired(37050))).toBeVisible()
  await expectNoViolations(page)
  await page.getByRole('button', { name: OWNER_QUOTE_TEXTS.send }).click()
  await expect(page.getByText(OWNER_QUOTE_TEXTS.sentNow)).toBeVisible()
  await expect(page.getByRole('link', { name: OWNER_QUOTE_TEXTS.text })).toHaveAttribute('href', /^sms:/)
}

/** The customer's acceptance with the option ticked, in a browser with or without its scripts. */
async function accept(browser: Browser, link: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled })
  const page = await context.newPage()
  try {
    const answer = await page.goto(link)
    expect(answer?.headers()).toMatchObject({ 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' })
    expect(answer?.headers()['cache-control']).toMatch(/\bno-store\b/)
    const total = page.locator('output')
    await expect(total).toHaveText('$370.50')
    await page.getByRole('checkbox', { name: /Seal the driveway/ }).check()
    if (javaScriptEnabled) await expect(total).toHaveText('$770.50')
    if (javaScriptEnabled) {
      await expectNoViolations(page)
      // Accepting without a name: the page again, the message beside the field, the option still ticked.
      await page.getByRole('button', { name: QUOTE_PAGE_TEXTS.accept }).click()
      await expect(page.getByLabel(QUOTE_PAGE_TEXTS.name)).toHaveAccessibleDescription(QUOTE_FIELD_TEXTS.nameRequired)
      await expect(total).toHaveText('$770.50')
      await expectNoViolations(page)
    }
    await page.getByLabel(QUOTE_PAGE_TEXTS.name).fill('Dana Whitfield')
    await page.getByRole('checkbox', { name: QUOTE_PAGE_TEXTS.agree }).check()
    await page.getByRole('button', { name: QUOTE_PAGE_TEXTS.accept }).click()
    await expect(page.getByRole('heading', { name: QUOTE_PAGE_TEXTS.acceptedTitle })).toBeVisible()
    await expect(page.getByText('$770.50')).toBeVisible()
    if (javaScriptEnabled) await expectNoViolations(page)
  } finally {
    await context.close()
  }
}

test('the owner sends a quote; the customer accepts it with or without scripts; the lead is won', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = await startOwnerServer({}, async (db) => {
    await storeTestLead(db, { first_name: 'Dana', email: 'dana@example.com' })
    await storeTestLead(db, { first_name: 'Eli', email: 'eli@example.com' })
  })
  await signInOwner(page, server)

  for (const [firstName, javaScriptEnabled] of [
    ['Dana', true],
    ['Eli', false],
  ] as const) {
    const email = `${firstName.toLowerCase()}@example.com`
    await writeAndSend(page, server, firstName)
    await accept(browser, await quoteLink(server, email), javaScriptEnabled)
    await page.goto(`${server.url}/owner`)
    const card = page.getByRole('article').filter({ hasText: firstName })
    await expect(card.getByText(/^Accepted by Dana Whitfield, .*: \$770\.50$/)).toBeVisible()
    await expect(card.getByText('With Seal the driveway')).toBeVisible()
  }

  // Both won with the accepted total, as Sources reads them.
  await page.goto(`${server.url}/owner?view=sources`)
  await expect(page.getByText('$1,541.00 won').first()).toBeVisible()

  // A link that opens nothing: one plain page (its 404 and phone number: quotes.test.ts, "a quote link").
  await page.goto(`${server.url}/quote/${'A'.repeat(32)}`)
  await expect(page.getByRole('heading', { name: QUOTE_PAGE_TEXTS.unavailableTitle })).toBeVisible()
  await expectNoViolations(page)

  // The job on the calendar, scheduled from the card (its e-mail and invite: tests/server/jobs.test.ts).
  await page.goto(`${server.url}/owner`)
  const card = page.getByRole('article', { name: 'Dana' })
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(Date.now() + 3 * 864e5)
  await card.getByLabel(OWNER_QUOTE_TEXTS.day).fill(day)
  await card.getByRole('button', { name: OWNER_QUOTE_TEXTS.schedule }).click()
  await expect(card.getByText(/^Job: .*8:00/)).toBeVisible()

  // Each of those writes without the owner's session: tests/server/owner-only.test.ts.
})

test('words typed into "Ask for changes" on a refused post\'s page before its scripts ran are the ones sent', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const server = await startOwnerServer({}, (db) =>
    storeTestLead(db, { first_name: 'Rita', email: 'rita@example.com' }),
  )
  await signInOwner(page, server)
  await writeAndSend(page, server, 'Rita')
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const customer = await context.newPage()
  try {
    await customer.goto(await quoteLink(server, 'rita@example.com'))
    await expect(customer.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // Only spaces: refused, and the page comes back with them in the box; its scripts are slow this time.
    const box = customer.getByLabel(QUOTE_PAGE_TEXTS.changesLabel)
    await box.fill('   ')
    const release = await holdRequests(customer, APP_SCRIPTS)
    await customer.getByRole('button', { name: QUOTE_PAGE_TEXTS.changes }).click()
    await expect(box).toHaveAccessibleDescription(QUOTE_FIELD_TEXTS.messageRequired)
    await box.fill('Please add the back patio')
    release()
    await expect(customer.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(box).toHaveValue('Please add the back patio')
    await customer.getByRole('button', { name: QUOTE_PAGE_TEXTS.changes }).click()
    await expect(customer.getByText(QUOTE_PAGE_TEXTS.changesSent)).toBeVisible()
  } finally {
    await context.close()
  }
  await page.goto(`${server.url}/owner`)
  await expect(page.getByRole('article', { name: 'Rita' }).getByText('Please add the back patio')).toBeVisible()
})

test("the owner's quote and job calls answer a refusal with its status and words", async ({ page }) => {
  let accepted = ''
  const server = await startOwnerServer({}, async (db) => (accepted = await acceptedLead(db, 'Ada', 'ada@example.com')))
  await signInOwner(page, server)
  const call = async (name: string, data: object) => {
    const answer = await callServerFunction(page, server, name, data)
    return { status: answer.status(), text: await answer.text() }
  }
  const quote = { items: [{ description: 'Driveway cleaning', price: '250' }], note: '', validDays: 30 }
  const job = { day: pacificDate(new Date()), start: '08:00', end: '10:00' }
  const nobody = randomUUID()
  const refused: [string, object, number, string][] = [
    ['sendOwnerQuote', { lead: accepted, ...quote }, 409, OWNER_QUOTE_TEXTS.acceptedNoEdit],
    ['sendOwnerQuote', { lead: nobody, ...quote }, 404, 'No such lead'],
    ['scheduleOwnerJob', { lead: nobody, ...job }, 409, 'Only an accepted quote is scheduled'],
    ['cancelOwnerJob', { lead: accepted }, 409, 'No job to cancel'],
  ]
  for (const [name, data, status, message] of refused) {
    const answer = await call(name, data)
    expect([name, answer.status]).toEqual([name, status])
    expect(answer.text, name).toContain(message)
  }
  expect(server.records().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
})
