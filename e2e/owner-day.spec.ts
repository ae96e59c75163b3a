/**
 * The owner's day at 390 × 844 (issue 79's "Done when", docs/decisions/063-owner-day.md): the owner gives Folsom
 * Tuesdays and Fridays, two jobs a day; Folsom customers pick a day on the accepted quote's page, one of them
 * without JavaScript at 320 px; "Confirm day" puts the job on the card; a full day is no longer offered; Today
 * orders the day's stops from the home base. The rules behind each step, the feed, the customer's .ics and every
 * refusal: tests/server/owner-day.test.ts and jobs.test.ts.
 */
import { scheduleJob } from '~/features/quotes/quotes.server'
import { OWNER_QUOTE_TEXTS, QUOTE_PAGE_TEXTS } from '~/features/quotes/quote-texts'
import { DAY_PAGE_TEXTS, OWNER_DAY_TEXTS as T, WINDOWS, type TimeWindow } from '~/features/schedule/schedule'
import { pacificDate } from '../app/platform/time/business-hours.server'
import type { Database } from '../app/platform/db/database.server'
import { expectNoViolations } from './support/axe'
import { signInOwner, startOwnerServer } from './support/owner'
import { acceptedLead, storeQuote, storeTestLead, type SiteServer } from './support/site-server'
import { expect, test, type Browser, type Page } from './support/test'

test.use({ viewport: { width: 390, height: 844 } })

const ITEMS = [{ id: 'i1', description: 'Driveway cleaning', cents: 25_000, optional: false }]

/** A Folsom lead with a quote sent and not yet answered: its page's token. */
async function quotedInFolsom(db: Database, first_name: string, service_street: string) {
  const id = await storeTestLead(db, { first_name, status: 'quoted', service_zip: '95630', service_street })
  return storeQuote(db, id, ITEMS)
}

/**
 * Today's three jobs, stored in an order that is not the driving one. From the home base in Sacramento (95815) by
 * straight line: West Sacramento 10 km, then Rancho Cordova, then Folsom, 48 km in all; any other order is longer.
 */
const TODAY = [
  { name: 'Faye', street: '50 Sutter St', zip: '95630', address: '50 Sutter St, Folsom CA 95630' },
  { name: 'Wendy', street: '900 Riverfront St', zip: '95691', address: '900 Riverfront St, West Sacramento CA 95691' },
  { name: 'Rhea', street: '3000 Zinfandel Dr', zip: '95670', address: '3000 Zinfandel Dr, Rancho Cordova CA 95670' },
]
const DRIVING_ORDER = ['Wendy', 'Rhea', 'Faye']

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

/** The customer accepts the quote and sees the days offered: each day's name as shown, and its radio buttons. */
async function acceptAndSeeDays(page: Page, server: SiteServer, token: string) {
  await page.goto(`${server.url}/quote/${token}`)
  await page.getByLabel(QUOTE_PAGE_TEXTS.name).fill('Pat Customer')
  await page.getByRole('checkbox', { name: QUOTE_PAGE_TEXTS.agree }).check()
  await page.getByRole('button', { name: QUOTE_PAGE_TEXTS.accept }).click()
  await expect(page.getByRole('heading', { name: QUOTE_PAGE_TEXTS.acceptedTitle })).toBeVisible()
  await expect(page.getByRole('heading', { name: DAY_PAGE_TEXTS.heading })).toBeVisible()
  return page.locator('fieldset fieldset > legend').allTextContents()
}

/** Asks for the first day offered in `window`: the day (YYYY-MM-DD), after the page says it was requested. */
async function askForFirstDay(page: Page, window: TimeWindow) {
  const first = (await page.locator('fieldset fieldset > legend').first().textContent())!
  const radio = page.getByRole('radio', { name: `${first}, ${DAY_PAGE_TEXTS[window]}` })
  await radio.check()
  const day = (await radio.getAttribute('value'))!.split(' ')[0]!
  await page.getByRole('button', { name: DAY_PAGE_TEXTS.ask }).click()
  await expect(page.getByText(`Requested: ${first}, ${window}. We will confirm by e-mail.`)).toBeVisible()
  return day
}

/** "Confirm day" on the lead's card, which shows the request and the jobs already on that day; then the job. */
async function confirmOnCard(page: Page, server: SiteServer, firstName: string, day: string, window: TimeWindow) {
  await page.goto(`${server.url}/owner`)
  const card = page.getByRole('article').filter({ hasText: firstName })
  await expect(card.getByText(T.request(day, window))).toBeVisible()
  await card.getByRole('button', { name: T.confirm }).click()
  await expect(card.getByText(T.confirmed)).toBeVisible()
  await expect(card.getByText(OWNER_QUOTE_TEXTS.job(day, WINDOWS[window].start, WINDOWS[window].end))).toBeVisible()
}

async function customer(browser: Browser, javaScriptEnabled: boolean, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled })
  return { context, page: await context.newPage() }
}

test("the owner's truck days, the customers' days, Confirm day and Today's stops", async ({ page, browser }) => {
  test.setTimeout(240_000)
  const tokens: Record<string, string> = {}
  const server = await startOwnerServer({}, async (db) => {
    for (const [name, street] of [
      ['Maria', '12 Oak St'],
      ['Ann', '40 Elm St'],
      ['Ben', '7 Pine Ct'],
    ] as const)
      tokens[name] = await quotedInFolsom(db, name, street)
    const today = pacificDate(new Date())
    for (const stop of TODAY) {
      const lead = { service_street: stop.street, service_zip: stop.zip }
      const id = await acceptedLead(db, stop.name, `${stop.name.toLowerCase()}@example.com`, lead)
      expect(await scheduleJob(db, { lead: id, day: today, start: '08:00', end: '12:00' }, new Date())).toBe(
        'scheduled',
      )
    }
  })
  await signInOwner(page, server)

  // 1. Truck days: Folsom on Tuesday and Friday, two jobs a day, from home in Sacramento.
  await page.getByRole('link', { name: T.truckDaysTab }).click()
  await expect(page.getByRole('heading', { name: T.truckDaysTitle })).toBeVisible()
  await page.getByLabel(T.jobsPerDay).fill('2')
  await page.getByLabel(T.homeBase).fill('2150 Delta Breeze Way, Sacramento, CA 95815')
  await page.getByLabel(T.senderName).fill('Joe')
  const folsom = page.getByRole('group', { name: 'Folsom' })
  await folsom.getByRole('checkbox', { name: 'Tuesday' }).check()
  await folsom.getByRole('checkbox', { name: 'Friday' }).check()
  await page.getByRole('button', { name: T.save }).click()
  await expect(page.getByText(T.saved)).toBeVisible()
  await expectNoViolations(page)
  await page.setViewportSize({ width: 320, height: 844 })
  await noWiderThan(page, 320)
  await page.setViewportSize({ width: 390, height: 844 })

  // 2. Maria in Folsom accepts and is offered Tuesdays and Fridays only, from tomorrow.
  const maria = await customer(browser, true)
  const offered = await acceptAndSeeDays(maria.page, server, tokens.Maria!)
  expect(offered.length).toBeGreaterThanOrEqual(3)
  expect(offered.length).toBeLessThanOrEqual(6)
  for (const day of offered) expect(day).toMatch(/^(Tuesday|Friday), /)
  await expectNoViolations(maria.page)
  await noWiderThan(maria.page, 390)

  // 3. She asks for the first one, in the morning.
  const firstDay = await askForFirstDay(maria.page, 'morning')
  await maria.context.close()

  // 4. "Confirm day": the job on her card. Her e-mailed invite is owner-day.test.ts's ("Confirm day" creates the
  // job as scheduling does), the job in the owner's feed and the invite's time jobs.test.ts's.
  await confirmOnCard(page, server, 'Maria', firstDay, 'morning')

  // Ann asks for the same day without JavaScript, on a 320 px phone; confirmed, the day has its two jobs.
  const ann = await customer(browser, false, 320)
  await acceptAndSeeDays(ann.page, server, tokens.Ann!)
  await noWiderThan(ann.page, 320)
  expect(await askForFirstDay(ann.page, 'afternoon')).toBe(firstDay)
  await noWiderThan(ann.page, 320)
  await ann.context.close()
  await page.goto(`${server.url}/owner`)
  await expect(page.getByRole('article').filter({ hasText: 'Ann' }).getByText(T.requestLoad(1, 2))).toBeVisible()
  await confirmOnCard(page, server, 'Ann', firstDay, 'afternoon')

  // 5. A third customer is not offered the full day.
  const ben = await customer(browser, true)
  const benOffered = await acceptAndSeeDays(ben.page, server, tokens.Ben!)
  expect(benOffered).not.toContain(offered[0])
  expect(benOffered[0]).toBe(offered[1])
  await ben.context.close()

  // 6. Today: the three stops in driving order from home, each with its window, "Navigate" and "On my way".
  await page.goto(`${server.url}/owner`)
  await page.getByRole('link', { name: T.todayTab }).click()
  const stops = page.getByRole('list', { name: T.todayTitle }).locator('> li')
  await expect(stops.getByRole('heading')).toHaveText(DRIVING_ORDER.map((name, i) => `${i + 1}. ${name}`))
  for (const [i, name] of DRIVING_ORDER.entries()) {
    const stop = stops.nth(i)
    const { address } = TODAY.find((each) => each.name === name)!
    await expect(stop.getByText(address)).toBeVisible()
    await expect(stop.getByText('8:00 AM – 12:00 PM')).toBeVisible()
    await expect(stop.getByText('Driveway cleaning')).toBeVisible()
    const directions = new URL((await stop.getByRole('link', { name: T.navigate }).getAttribute('href'))!)
    expect(`${directions.origin}${directions.pathname}`).toBe('https://www.google.com/maps/dir/')
    expect(directions.searchParams.get('destination')).toBe(address)
    const text = (await stop.getByRole('link', { name: T.onMyWay }).getAttribute('href'))!
    expect(text).toMatch(/^sms:\+19165550101\?&body=/)
    expect(decodeURIComponent(text.split('body=')[1]!)).toBe(`Hi ${name}, this is Joe, on my way, about 20 minutes.`)
  }
  await expectNoViolations(page)
  await page.setViewportSize({ width: 320, height: 844 })
  await noWiderThan(page, 320)
})
