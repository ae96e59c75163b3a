/**
 * Issue 80's "Done when" at 390 × 844, as the owner and a past customer see it: a CSV of three past jobs (one bad
 * e-mail, listed and skipped), "Due again" listing the Folsom house wash done 11½ months ago, "Send reminder now"
 * with last and this year's price and 2 to 4 Folsom truck days, the day booked without JavaScript into a
 * due-again lead, "Same as last time" quoted and accepted, the invoice paid and its review request queued for
 * 9:00 the next morning, /r/<token> counted, and "Stop reminders" in a second reminder. axe on each new page.
 * docs/decisions/064-come-back.md
 */
import { COME_BACK_TEXTS as T, addMonths } from '~/features/come-back/due-again'
import { addDays, longDay } from '~/features/schedule'
import { OWNER_INVOICE_TEXTS } from '~/features/payments/invoice'
import { QUOTE_PAGE_TEXTS } from '~/features/quotes/quote-texts'
import { OWNER_DAY_TEXTS } from '~/features/schedule/schedule'
import { pacificDate } from '../app/platform/time/business-hours.server'
import { expectNoViolations } from './support/axe'
import { emailedLink, emailTo, onServer, signInOwner, startOwnerServer } from './support/owner'
import { expect, test, type Browser, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

const REVIEW_URL = 'https://g.page/r/come-back-e2e-review'
// The truck is in Folsom on Tuesdays and Thursdays (ISO weekdays 2 and 4).
const FOLSOM_WEEKDAYS = [2, 4]

/** axe needs scripts: a customer's page is checked in the owner's browser, where a GET changes nothing. */
async function axeCleanAt(page: Page, url: string) {
  const back = page.url()
  await page.goto(url)
  await expectNoViolations(page)
  await page.goto(back)
}

/** A customer's phone without JavaScript: the links and forms work as HTML. */
async function customerPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
  return context.newPage()
}

test('a past customer is reminded, books a truck day without JavaScript, re-books, pays and is asked for a review', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const today = pacificDate(new Date())
  const server = await startOwnerServer({ GOOGLE_REVIEW_URL: REVIEW_URL }, async (db) => {
    await db
      .insertInto('truck_days')
      .values(FOLSOM_WEEKDAYS.map((weekday) => ({ city_slug: 'folsom', weekday })))
      .execute()
    await db
      .insertInto('price_list')
      .values({ service_id: 'full-house', description: 'Full House Washing', starting_cents: 45000 })
      .execute()
  })

  // 1. Three past jobs, one with a bad e-mail; the house wash in Folsom was done 11½ months ago.
  const csv = [
    'name,email,phone,address,zip,service,date done,price',
    `Dana Reyes,dana@example.com,916-555-0110,12 Oak St,95630,House washing,${addDays(addMonths(today, -11), -15)},420`,
    `Eli Moss,eli-at-example.com,916-555-0111,3 Elm St,95630,Roof,${addMonths(today, -23)},900`,
    `Gus Ray,gus@example.com,916-555-0113,9 Pine Ave,95661,Gutters,${addDays(addMonths(today, -6), 10)},180`,
  ].join('\r\n')
  await signInOwner(page, server)
  // A tap on the tab asks the server who is signed in and for the view, not for a search nobody typed.
  const asked: string[] = []
  page.on('request', (request) => void (request.url().includes('/_serverFn/') && asked.push(request.url())))
  await page.getByRole('link', { name: T.tab }).click()
  await expect(page.getByRole('heading', { name: T.importHeading })).toBeVisible()
  expect(asked).toHaveLength(2)
  await page
    .getByLabel(T.importFile)
    .setInputFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: T.importButton }).click()
  const result = page.getByRole('status').filter({ hasText: T.imported(2, 0) })
  await expect(result).toBeVisible()
  await expect(result).toContainText(T.line(3, '"eli-at-example.com" is not an e-mail address'))
  await expectNoViolations(page)

  // 2. Due again lists Dana, in Folsom, with her last visit.
  const dana = page.getByRole('article', { name: 'Dana Reyes' })
  await expect(dana).toContainText('Folsom')
  await expect(dana).toContainText('Full House Washing, $420')
  await expect(dana.getByRole('link', { name: T.text })).toHaveAttribute('href', /^sms:.*Folsom/)

  // 3. "Send reminder now": this year's price, and the dates to book. Last time's job, 2 to 4 dates on Folsom's
  // truck days and the one-click stop header: tests/server/come-back.test.ts.
  await dana.getByRole('button', { name: T.sendNow }).click()
  await expect(dana.getByRole('status')).toHaveText(T.sent)
  const reminder = await emailTo(server, 'dana@example.com', /due again/)
  expect(reminder.text).toContain("This year's price: from $450.")
  const days = [...reminder.text!.matchAll(/(http\S+\/come-back\/[\w-]{32}\?day=(\d{4}-\d{2}-\d{2}))/g)]

  // 4. Dana opens a date and taps "Book this day", without JavaScript; the owner sees a due-again lead.
  const [, link, day] = days[0]!
  const customer = await customerPage(browser)
  await axeCleanAt(page, onServer(server, link!))
  await customer.goto(onServer(server, link!))
  await customer.getByRole('radio', { name: /afternoon/i }).check()
  await customer.getByRole('button', { name: 'Book this day' }).click()
  await expect(customer.getByText(/Thank you: you asked for/)).toBeVisible()
  await page.goto(`${server.url}/owner`)
  const lead = page.getByRole('article').filter({ hasText: 'dana@example.com' })
  await expect(lead).toContainText('Due again (due-again)')
  await expect(lead.getByText(T.requestedDay(longDay(day!)))).toBeVisible()

  // 5. "Same as last time" sends the quote at this year's price; Dana accepts it; the owner confirms the day.
  await lead.getByRole('button', { name: T.sameAsLastTime }).click()
  await customer.goto(await emailedLink(server, 'dana@example.com', /^Your quote from/, '/quote/'))
  await expect(customer.getByText('$450.00').first()).toBeVisible()
  await customer.getByLabel(QUOTE_PAGE_TEXTS.name).fill('Dana Reyes')
  await customer.getByRole('checkbox', { name: QUOTE_PAGE_TEXTS.agree }).check()
  await customer.getByRole('button', { name: QUOTE_PAGE_TEXTS.accept }).click()
  await expect(customer.getByRole('heading', { name: QUOTE_PAGE_TEXTS.acceptedTitle })).toBeVisible()
  await page.reload()
  await lead.getByRole('button', { name: OWNER_DAY_TEXTS.confirm }).click()
  await expect(lead.getByRole('button', { name: OWNER_DAY_TEXTS.confirm })).toHaveCount(0)

  // 6. The invoice paid in full queues the review request for 9:00 the next morning; /r/<token> counts (its
  // redirect: come-back.test.ts).
  await lead.getByRole('button', { name: OWNER_INVOICE_TEXTS.jobDone }).click()
  await lead.getByRole('button', { name: OWNER_INVOICE_TEXTS.send }).click()
  await lead.getByText(OWNER_INVOICE_TEXTS.record, { exact: true }).first().click()
  await lead.getByLabel(OWNER_INVOICE_TEXTS.method).selectOption('cash')
  await lead.getByRole('button', { name: OWNER_INVOICE_TEXTS.record }).click()
  await expect(lead.getByText(/^Review request queued for .*9:00/)).toBeVisible()
  const text = await lead.getByRole('link', { name: T.textReview }).getAttribute('href')
  const reviewLink = decodeURIComponent(text!).match(/https?:\/\/\S+\/r\/[\w-]{32}/)![0]
  await page.request.get(onServer(server, reviewLink), { maxRedirects: 0 })
  await page.reload()
  await expect(lead.getByText(T.reviewOpened)).toBeVisible()

  // 7. "Stop reminders" in a second reminder stops every later one.
  await page.goto(`${server.url}/owner/due-again`)
  const gus = page.getByRole('article', { name: 'Gus Ray' })
  await gus.getByRole('button', { name: T.sendNow }).click()
  await expect(gus.getByRole('status')).toHaveText(T.sent)
  const second = await emailTo(server, 'gus@example.com', /due again/)
  const stop = onServer(server, second.text!.match(/Stop reminders: (\S+)/)![1]!)
  await axeCleanAt(page, stop)
  await customer.goto(stop)
  await customer.getByRole('button', { name: 'Stop reminders' }).click()
  await expect(customer.getByText('Done: you will get no more reminders from us.')).toBeVisible()
  // Dana's paid job is due again next year; Gus, stopped, is listed no more and cannot be sent another.
  await page.reload()
  await expect(page.getByText(T.none)).toBeVisible()
  await expect(page.getByRole('article', { name: 'Gus Ray' })).toHaveCount(0)
  await customer.context().close()

  // At 320 px neither the view nor a customer's page is wider than the screen.
  await page.setViewportSize({ width: 320, height: 640 })
  for (const url of [`${server.url}/owner/due-again`, onServer(server, link!), stop]) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), url).toBe(true)
  }
})
