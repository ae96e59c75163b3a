import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { HEARD_ABOUT_QUESTION } from '~/features/leads/lead-source-constants'
import { holdRequests } from './support/hold-requests'
import { mailTexts } from './support/owner'
import { fillLeadFields, SENT_LOCATION } from './support/lead-form'
import { startSiteServer } from './support/site-server'
import { expect, test, type Page } from './support/test'

async function expectContactPageUp(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
}

/** 404s a chunk as after a deploy removed it: every request, or the first `failures`. */
async function failChunk(page: Page, name: string, failures = Number.POSITIVE_INFINITY): Promise<() => number> {
  let requests = 0
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => {
    requests += 1
    if (requests > failures) return route.continue()
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
  })
  return () => requests
}

/**
 * Once `count` requests for the chunk were made: the first, then one after 1 s and one after 3 s, waits that run on
 * the page's clock (installed before the page loaded), moved on here rather than waited out.
 */
async function untilTried(page: Page, requests: () => number, count: number) {
  const tried = async () => {
    if (requests() < count) await page.clock.runFor(1_000)
    return requests()
  }
  await expect.poll(tried, { timeout: 15_000, intervals: [100] }).toBe(count)
}

test('when the quote form code never arrives, the page keeps the server form, and it still sends the request', async ({
  page,
}) => {
  const requests = await failChunk(page, 'lead-form-fields')
  await page.clock.install()
  await page.goto('/contact')
  await untilTried(page, requests, 3)
  await expectContactPageUp(page)

  const name = `Chunkless${Date.now().toString(36)}`
  const form = page.locator('.quote-request-form').first()
  await expect(form.locator('form[data-interactive="true"]')).toHaveCount(0)
  await fillLeadFields(form, { firstName: name, email: 'chunkless@example.com', phone: '916-555-0111' })
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page).toHaveURL(SENT_LOCATION)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)
})

test('typed into before its code arrived and sent at once, the form is timed from its page, so the lead is e-mailed', async ({
  page,
}) => {
  // The fill time is enforced here: a token fetched only at the click would flag this visitor.
  const server = await startSiteServer({ QUOTE_MIN_FILL_MS: '2000' })
  const release = await holdRequests(page, '**/assets/lead-form-fields-*.js')
  await page.goto(`${server.url}/contact`)
  const name = `Early${Date.now().toString(36)}`
  const form = page.locator('.quote-request-form').first()
  await fillLeadFields(form, { firstName: name, email: 'early@example.com', phone: '916-555-0114' })
  await page.waitForTimeout(2_500) // a person reading over what they typed
  release()
  await expect(form.locator('form[data-interactive="true"]')).toBeAttached()
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
  // The customer's acknowledgement goes there too, and names nothing typed: the owner's e-mail is the one.
  await expect.poll(() => mailTexts(server.dataDir, name), { timeout: 15_000 }).toEqual([expect.stringContaining(name)])
})

test('typed into before its code arrived, the form keeps the text when the service changes, before and after', async ({
  page,
}) => {
  const release = await holdRequests(page, '**/assets/lead-form-fields-*.js')
  await page.goto('/services?tab=driveway')
  const firstName = page.locator('.quote-request-form').getByLabel('First Name')
  const heardAbout = page.locator('.quote-request-form').getByLabel(HEARD_ABOUT_QUESTION)
  await firstName.fill('Rosa')
  await heardAbout.selectOption({ label: 'Google Maps' })
  await page.getByRole('radio', { name: 'Patio', exact: true }).click()
  await expect(page.locator('#service-title')).toHaveText('Patio Cleaning')
  release()
  await expect(page.locator('.quote-request-form form[data-interactive="true"]')).toBeAttached()
  await expect(firstName).toHaveValue('Rosa')
  await expect(heardAbout).toHaveValue('google-maps')
  await page.getByRole('radio', { name: 'Roof', exact: true }).click()
  await expect(page.locator('#service-title')).toHaveText('Roof Cleaning')
  await expect(firstName).toHaveValue('Rosa')
})

test('the box shown while the form code loads is as high as the form, on a phone and from sm up', async ({ page }) => {
  const release = await holdRequests(page, '**/assets/lead-form-fields-*.js')
  const section = page.locator('.quote-request-form')
  const box = section.locator('[aria-busy="true"]')
  const height = (locator: typeof box) => locator.evaluate((element) => element.getBoundingClientRect().height)
  const widths = [390, 1280]
  await page.setViewportSize({ width: widths[0]!, height: 800 })
  await page.goto('/services?tab=driveway')
  // A tab change reaches the form before its code: React shows the box in its place.
  await page.getByRole('radio', { name: 'Patio', exact: true }).click()
  await expect(box).toBeAttached()
  const boxHeights: number[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    boxHeights.push(await height(box))
  }
  release()
  await expect(section.locator('form[data-interactive="true"]')).toBeAttached()
  const formHeights: number[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    formHeights.push(await height(section.locator('form')))
  }
  expect(boxHeights).toEqual(formHeights)
})

test('a chunk that fails to arrive once is fetched again, and the form becomes interactive', async ({ page }) => {
  const requests = await failChunk(page, 'lead-form-fields', 1)
  await page.clock.install()
  await page.goto('/contact')
  await untilTried(page, requests, 2)
  await expect(page.locator('.quote-request-form form[data-interactive="true"]')).toBeAttached({ timeout: 15_000 })
  expect(requests()).toBe(2)
})

test('after a client-side navigation to a page whose form code is gone, the page reloads once and shows the server form', async ({
  page,
}) => {
  const requests = await failChunk(page, 'lead-form-fields')
  await page.clock.install()
  await page.goto('/city/folsom')
  await untilTried(page, requests, 3)
  await page.evaluate(() => ((window as unknown as { beforeNavigation: boolean }).beforeNavigation = true))

  await page.getByRole('link', { name: 'Service Areas', exact: true }).first().click()
  await expect(page).toHaveURL(/\/contact/)
  // Mid-reload, evaluate has no context to run in.
  const markerKept = () => page.evaluate(() => 'beforeNavigation' in window).catch(() => true)
  await expect.poll(markerKept, { timeout: 15_000 }).toBe(false)
  await expectContactPageUp(page)
  await expect(page.locator('.quote-request-form').first().getByLabel('First Name')).toBeVisible()
})

test('when the chat code never arrives, the page goes on without the chat button', async ({ page }) => {
  const requests = await failChunk(page, 'chat-launcher')
  await page.clock.install()
  await page.goto('/contact')
  await untilTried(page, requests, 3)
  await expectContactPageUp(page)
})
