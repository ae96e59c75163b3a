import { expect, overlap, test, type Page } from './support/test'
import { wcagAudit } from './support/axe'
import { pauseClockSoon } from './support/clock'
import { sampleActivity, type ActivityItem } from '~/content/activity'

/** Written out rather than taken from the app (docs/product.md#business-constants). */
function expectedToast(item: ActivityItem): { title: string; text: string; age: string } {
  const days = item.daysAgo ?? 0
  const age = days === 1 ? '1 day ago' : `${days} days ago`
  return item.type === 'booking'
    ? { title: 'New Booking!', text: `${item.name} booked ${item.service} in ${item.location}`, age }
    : { title: 'New Review!', text: `${item.name} left a 5-star review`, age }
}

const region = (page: Page) => page.locator('[data-social-proof]')

/** Returns the page's time since load, with the clock paused once the notifications are mounted. */
async function openWithClock(
  page: Page,
): Promise<{ elapsed: () => Promise<number>; runTo: (ms: number) => Promise<void> }> {
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible()
  await pauseClockSoon(page)
  const elapsed = () => page.evaluate(() => performance.now())
  const runTo = async (ms: number) => {
    const now = await elapsed()
    expect(now).toBeLessThanOrEqual(ms)
    if (ms > now) await page.clock.runFor(Math.ceil(ms - now))
  }
  expect(await elapsed()).toBeLessThan(20_000)
  await runTo(25_000)
  // The chunk loads over the (real) network; step time in small increments until it is mounted.
  for (let i = 0; i < 60 && (await region(page).count()) === 0; i++) {
    await page.waitForTimeout(50)
    await page.clock.runFor(50)
  }
  await expect(region(page)).toBeAttached()
  expect(await elapsed()).toBeLessThan(29_000)
  return { elapsed, runTo }
}

async function expectToast(page: Page, item: ActivityItem) {
  const { title, text, age } = expectedToast(item)
  const live = region(page)
  await expect(live.getByText(title, { exact: true })).toBeVisible()
  await expect(live.getByText(text, { exact: true })).toBeVisible()
  await expect(live.getByText(age, { exact: true })).toBeVisible()
}

test('notifications appear at 30 s and 75 s, each for 4 s, then cycle through all 20 items in order and wrap', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const { runTo } = await openWithClock(page)
  const live = region(page)
  await expect(live).toHaveAttribute('aria-live', 'polite')

  await runTo(29_999)
  await expect(live).toBeEmpty()
  await runTo(30_000)
  await expectToast(page, sampleActivity[0]!)
  await expect(live).toContainText('Sarah M. booked House Washing in Folsom')
  await expect(live).toContainText('2 days ago')
  await runTo(33_999)
  await expectToast(page, sampleActivity[0]!)
  await runTo(34_000)
  await expect(live).toBeEmpty()

  await runTo(74_999)
  await expect(live).toBeEmpty()
  await runTo(75_000)
  await expectToast(page, sampleActivity[1]!)
  await expect(live).toContainText('Mike T. left a 5-star review')
  await expect(live).toContainText('1 day ago')
  await runTo(79_000)
  await expect(live).toBeEmpty()

  for (let index = 2; index <= 21; index++) {
    const at = 30_000 + index * 45_000
    await runTo(at)
    await expectToast(page, sampleActivity[index % 20]!)
    await runTo(at + 4_000)
    await expect(live).toBeEmpty()
  }
})

test('a notification never takes focus, never covers the chat button, and still shows with reduced motion @mobile', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const { runTo } = await openWithClock(page)
  const chatButton = page.getByRole('button', { name: 'Chat with us' })
  await chatButton.focus()
  await runTo(30_000)
  await expectToast(page, sampleActivity[0]!)
  await expect(chatButton).toBeFocused()

  expect(overlap((await region(page).boundingBox())!, (await chatButton.boundingBox())!)).toBe(0)
  // Clicks pass through the notification to the page beneath.
  expect(await region(page).evaluate((node) => getComputedStyle(node).pointerEvents)).toBe('none')
  // axe schedules its own timers: step the paused clock while it scans, inside the toast's 4 seconds.
  let scanned = false
  let scanError: unknown
  // Legacy mode: the default finishes in a second page, which the context-wide fake clock would race.
  const scan = (await wcagAudit(page))
    .setLegacyMode(true)
    .include('[data-social-proof]')
    .analyze()
    .catch((error: unknown) => {
      scanError = error
      return null
    })
    .finally(() => (scanned = true))
  // 25 ms steps: few enough round trips to finish on a loaded machine, well inside the 4 seconds.
  for (let step = 0; !scanned && step < 156; step++) await page.clock.runFor(25)
  const audit = await scan
  expect(scanError).toBeUndefined()
  expect(audit!.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  await expect(region(page)).toContainText(expectedToast(sampleActivity[0]!).text)
  await page.screenshot({ path: test.info().outputPath('social-proof-mobile.png') })
})
