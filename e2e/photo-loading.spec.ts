// Issue 24, "photo pages as fast as text pages": which photo files a phone and a desktop fetch first, and how.
// The phone is Lighthouse's mobile one (412 × 823 CSS px at DPR 1.75), so these are the bytes its LCP waits for.
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { gallery } from '~/content/gallery'
import { LOADER_FALLBACK_MS } from '~/components/layout/loader-fallback'
import { largestPaint } from './support/largest-paint'
import { expect, test } from './support/test'

const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 }
const DESKTOP = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 }

/** Every request for one photo's files, with the priority Chromium gave it when it was sent (CDP). */
async function recordPhotoRequests(page: Page, fileStem: string) {
  const requests: { url: string; priority: string }[] = []
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (request.url.includes(`/img/${fileStem}.`))
      requests.push({ url: request.url.replace(/^.*\/img\//, ''), priority: request.initialPriority })
  })
  return requests
}

/** The spread of a screenshot's pixel values: a photo varies, an empty tile is one flat colour. */
async function pixelSpread(element: Locator) {
  const { channels } = await sharp(await element.screenshot({ animations: 'disabled' })).stats()
  return Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))
}

test.describe('on Lighthouse’s phone', () => {
  test.use(LIGHTHOUSE_PHONE)

  test('the gallery’s first photo is fetched once, as the 720 px AVIF its preload names', async ({ page }) => {
    const requests = await recordPhotoRequests(page, 'gallery-driveway-01')
    await page.goto('/gallery')
    const photo = page.locator('#gallery-grid img').first()
    await expect(photo).toHaveJSProperty('complete', true)
    // 380 CSS px wide at DPR 1.75 needs 665 px: the 720 px file, not the 960 px one a 100vw guess picks.
    expect(requests).toEqual([{ url: expect.stringMatching(/-720\.avif$/), priority: 'High' }])
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-720\.avif$/)
    // The preload describes the same candidates as the <img>, so the browser reuses its response.
    const preloadSizes = await page.locator('link[rel=preload][as=image]').getAttribute('imagesizes')
    const photoSizes = await page
      .locator('#gallery-grid picture')
      .first()
      .locator('source[type="image/avif"]')
      .getAttribute('sizes')
    expect(preloadSizes).toBe(photoSizes)
  })

  test('the service tab’s photo below the text is fetched once, at low priority, after the text has painted, and holds no script', async ({
    page,
  }) => {
    const requests = await recordPhotoRequests(page, 'services-roof')
    await page.goto('/services?tab=roof')
    const photo = page.locator('img[data-page-photo]')
    expect((await photo.boundingBox())!.y).toBeGreaterThan(600)
    await photo.scrollIntoViewIfNeeded()
    await expect(photo).toHaveJSProperty('complete', true)
    expect(await pixelSpread(photo)).toBeGreaterThan(12)
    const { textPainted, photoRequested, entryRequested } = await page.evaluate(() => {
      const started = (pattern: RegExp) =>
        performance.getEntriesByType('resource').find((resource) => pattern.test(resource.name))?.startTime ?? NaN
      return {
        textPainted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        photoRequested: started(/\/img\/services-roof\./),
        entryRequested: started(/\/assets\/index-[\w-]+\.js$/),
      }
    })
    expect(photoRequested).toBeGreaterThan(textPainted)
    // Not preloaded: only the file the phone shows, at the browser's low priority for photos out of view.
    expect(requests).toEqual([{ url: expect.stringMatching(/-720\.avif$/), priority: 'Low' }])
    // Held out of view, it does not keep the page's JavaScript waiting for the loader's fallback.
    expect(entryRequested).toBeLessThan(LOADER_FALLBACK_MS)
  })

  test('the epoxy photo below the hero text is not preloaded and does not compete with the text', async ({ page }) => {
    const requests = await recordPhotoRequests(page, 'services-epoxy')
    await page.goto('/epoxy')
    const photo = page.locator('img[data-page-photo]')
    expect((await photo.boundingBox())!.y).toBeGreaterThan(600)
    await photo.scrollIntoViewIfNeeded()
    await expect(photo).toHaveJSProperty('complete', true)
    // Only the file the phone shows, fetched once and at the browser's low priority for photos out of view.
    expect(requests).toEqual([{ url: expect.stringMatching(/-720\.avif$/), priority: 'Low' }])
  })
})

test.describe('on a desktop', () => {
  test.use(DESKTOP)

  test('the epoxy photo beside the hero text is preloaded at high priority and is the largest paint', async ({
    page,
  }) => {
    const requests = await recordPhotoRequests(page, 'services-epoxy')
    await page.goto('/epoxy')
    expect(requests).toEqual([{ url: expect.stringMatching(/-640\.avif$/), priority: 'High' }])
    expect((await largestPaint(page)).isPagePhoto).toBe(true)
  })

  test('the service photo is preloaded at high priority and is the largest paint', async ({ page }) => {
    const requests = await recordPhotoRequests(page, 'services-roof')
    await page.goto('/services?tab=roof')
    expect(requests).toEqual([{ url: expect.stringMatching(/\.avif$/), priority: 'High' }])
    expect((await largestPaint(page)).isPagePhoto).toBe(true)
  })
})

test.describe('the gallery’s later photos on a phone', () => {
  test.use(LIGHTHOUSE_PHONE)
  // The stem of the first photo's file names (public/img/gallery-driveway-01.<hash>-<width>.avif).
  const FIRST_PHOTO = gallery[0]!.src.replaceAll('/', '-')

  test('wait until the first photo has painted, so it has the connection to itself, then show', async ({ page }) => {
    await page.goto('/gallery')
    const second = page.locator('#gallery-grid > li').nth(1)
    // The second photo's place is in the first view: without the wait it would be fetched with the first.
    expect((await second.boundingBox())!.y).toBeLessThan(LIGHTHOUSE_PHONE.viewport.height)
    await expect(second.locator('button img')).toHaveJSProperty('complete', true)
    expect(await pixelSpread(second)).toBeGreaterThan(12)
    // The first photo is the largest paint on this phone (docs/decisions/028-later-photos-wait-for-the-first.md).
    const firstPaint = await largestPaint(page)
    expect(firstPaint.isPagePhoto).toBe(true)
    const laterRequested = await page.evaluate((firstPhoto) => {
      const photos = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (resource) => resource.name.includes('/img/gallery-') && !resource.name.includes(firstPhoto),
      )
      return photos.map((photo) => photo.startTime)
    }, FIRST_PHOTO)
    expect(firstPaint.paintedAt).toBeGreaterThan(0)
    expect(laterRequested.length).toBeGreaterThanOrEqual(1)
    expect(Math.min(...laterRequested)).toBeGreaterThan(firstPaint.paintedAt)
  })

  test('show at once after a move within the site, where there is no first paint to wait for', async ({ page }) => {
    await page.goto('/')
    await page.locator('a[href="/gallery"]').filter({ visible: true }).first().click()
    await expect(page).toHaveURL(/\/gallery$/)
    const second = page.locator('#gallery-grid > li').nth(1)
    await second.scrollIntoViewIfNeeded()
    await expect(second.locator('button img')).toHaveJSProperty('complete', true)
    expect(await pixelSpread(second)).toBeGreaterThan(12)
  })

  test('show by the loader’s fallback time even if the loader never runs (say, a proxy rewrote it)', async ({
    page,
  }) => {
    let loaderRemoved = false
    await page.route('**/gallery', async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace(
        /<script\b[^>]*\/entry-loader-[^>]*>[\s\S]*?<\/script>/,
        () => ((loaderRemoved = true), ''),
      )
      await route.fulfill({ response, body: html })
    })
    // Not page.goto: it would wait for a hydration that cannot come without the loader.
    await page.evaluate((url) => (location.href = url), new URL('/gallery', test.info().project.use.baseURL).href)
    await page.waitForURL('**/gallery')
    expect(loaderRemoved).toBe(true)
    const second = page.locator('#gallery-grid > li').nth(1)
    const held = await second
      .locator('[data-held-until-paint]')
      .evaluate((frame) => getComputedStyle(frame).contentVisibility)
    expect(held).toBe('hidden')
    await expect.poll(async () => pixelSpread(second), { timeout: LOADER_FALLBACK_MS + 3000 }).toBeGreaterThan(12)
  })
})

test.describe('the gallery’s later photos on a phone without JavaScript', () => {
  test.use({ ...LIGHTHOUSE_PHONE, javaScriptEnabled: false })

  test('load as the visitor scrolls, with nothing to wait for', async ({ page }) => {
    await page.goto('/gallery')
    for (const index of [1, 5]) {
      const tile = page.locator('#gallery-grid > li').nth(index)
      await tile.scrollIntoViewIfNeeded()
      await expect(tile.locator('button img')).toHaveJSProperty('complete', true)
      expect(await pixelSpread(tile)).toBeGreaterThan(12)
    }
  })
})
