import type { Page } from '@playwright/test'
import { LOADER_FALLBACK_MS } from '~/components/layout/loader-fallback'
import { holdRequests } from './support/hold-requests'
import { largestPaint } from './support/largest-paint'
import { expect, test } from './support/test'

// /epoxy's photo sits beside the hero text on a desktop and below the fold on a small phone.
const PHOTO = '**/img/services-epoxy.*'

/** When (page clock, ms) the entry script was requested, and when the photo's response ended (0: not yet). */
function timings(page: Page) {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const entry = resources.find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name))
    const photo = resources.find((resource) => resource.name.includes('/img/services-epoxy.'))
    return { entryRequestedAt: entry?.startTime ?? Number.NaN, photoEndedAt: photo?.responseEnd ?? 0 }
  })
}

test('the page’s JavaScript waits for its high-priority photo when the photo is in view', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 })
  const release = await holdRequests(page, PHOTO)
  setTimeout(release, 1500)
  await page.goto('/epoxy')
  const { entryRequestedAt, photoEndedAt } = await timings(page)
  expect(photoEndedAt).toBeGreaterThan(0)
  expect(entryRequestedAt).toBeGreaterThanOrEqual(photoEndedAt)
  // Not only loaded: on screen, as the browser reports the photo's paint (it is the largest one here).
  const photoPaint = await largestPaint(page)
  expect(photoPaint.isPagePhoto).toBe(true)
  expect(entryRequestedAt).toBeGreaterThan(photoPaint.paintedAt)
})

test('a high-priority photo in view but smaller than the text holds the page’s JavaScript only until it painted', async ({
  page,
}) => {
  // Lighthouse's phone: the top of the photo shows below the hero text, the largest paint.
  await page.setViewportSize({ width: 412, height: 823 })
  const release = await holdRequests(page, PHOTO)
  setTimeout(release, 1500)
  await page.goto('/epoxy')
  expect((await page.locator('img[data-page-photo]').boundingBox())!.y).toBeLessThan(823)
  expect((await largestPaint(page)).isPagePhoto).toBe(false)
  const { entryRequestedAt, photoEndedAt } = await timings(page)
  expect(photoEndedAt).toBeGreaterThan(0)
  expect(entryRequestedAt).toBeGreaterThanOrEqual(photoEndedAt)
  // Its paint is never reported as the largest: the loader must not wait for that report until its fallback.
  expect(entryRequestedAt).toBeLessThan(LOADER_FALLBACK_MS)
})

test('a high-priority photo below the fold on a small phone does not hold the page’s JavaScript', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  const release = await holdRequests(page, PHOTO)
  // The held photo keeps the load event from firing: page.goto waits for hydration alone.
  await page.goto('/epoxy', { waitUntil: 'domcontentloaded' })
  const photoBox = await page.locator('img[data-page-photo]').boundingBox()
  expect(photoBox?.y).toBeGreaterThanOrEqual(667)
  const { entryRequestedAt, photoEndedAt } = await timings(page)
  // Still held: the page hydrated without it, well before the loader's 3 s fallback.
  expect(photoEndedAt).toBe(0)
  expect(entryRequestedAt).toBeLessThan(LOADER_FALLBACK_MS)
  release()
})

test('the entry loader is fetched only once the browser has reported the first contentful paint', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.goto('/contact')
  const { painted, loaderRequested } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    loaderRequested:
      performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/entry-loader-[\w-]+\.js$/.test(resource.name))?.startTime ?? Number.NaN,
  }))
  // Fetched before it, the file would count toward that paint in Lighthouse's estimate (decision 001).
  expect(loaderRequested).toBeGreaterThan(painted)
})
