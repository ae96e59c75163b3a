// A tap before any of the page's scripts has run: every visible control answers from the HTML alone
// (docs/decisions/032-controls-on-the-platforms-own-elements.md). The module scripts are held by a route.
import { expect, test, type Page } from '@playwright/test'
import { gallery, galleryForService } from '~/content/gallery'
import { homeServiceAreas } from '~/content/home-sections'
import { serviceAreas } from '~/content/service-areas'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'

async function openWithScriptsHeld(page: Page, path: string) {
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto(path, { waitUntil: 'commit' })
  return release
}

async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull()
}

async function expectPhotoPainted(page: Page, alt: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const photo = dialog.getByRole('img', { name: alt })
  await expect(photo).toBeInViewport()
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
}

test('/?cities=all shows every city from the HTML', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/?cities=all')
  const section = page.locator('#service-areas')
  await section.scrollIntoViewIfNeeded()
  await expect(section.getByRole('listitem').getByRole('link')).toHaveCount(serviceAreas.length)
  await expect(section.getByText(homeServiceAreas.showLessLabel)).toBeVisible()
  release()
})

for (const { path, alt } of [
  { path: '/gallery', alt: gallery[2]!.alt },
  { path: '/', alt: gallery[1]!.alt },
  { path: '/services?tab=roof', alt: galleryForService('roof')[0]?.alt },
]) {
  test(`a photo on ${path} opens the overlay with its photo painted before the scripts ran`, async ({ page }) => {
    test.skip(!alt, 'no photo for this service')
    const release = await openWithScriptsHeld(page, path)
    const thumbnail = page.getByRole('button', { name: alt! }).first()
    await thumbnail.scrollIntoViewIfNeeded()
    await thumbnail.click()
    await expectPhotoPainted(page, alt!)
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(thumbnail).toBeFocused()
    await expectNoScriptRan(page)
    release()
  })
}

test('the overlay opened before the scripts ran closes on its button once they have', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/gallery')
  await page.getByRole('button', { name: gallery[0]!.alt }).click()
  await expectPhotoPainted(page, gallery[0]!.alt)
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'Close full-size image' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true })

  for (const path of ['/', '/gallery', '/services?tab=roof', '/city/folsom'])
    test(`the menu on ${path} shows its links before the scripts ran, Escape closes it, and its links lead on`, async ({
      page,
    }) => {
      const release = await openWithScriptsHeld(page, path)
      const menu = page.getByRole('navigation', { name: 'Mobile' })
      const toggle = page.getByRole('banner').getByRole('button')
      await toggle.tap()
      for (const name of ['About', 'Services', 'Gallery', 'Reviews'])
        await expect(menu.getByRole('link', { name })).toBeInViewport()
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expectNoScriptRan(page)
      await toggle.tap()
      await menu.getByRole('link', { name: 'Reviews' }).tap()
      await expect(page).toHaveURL(/\/reviews$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      release()
    })
})

// React listens on the document and, for a tap there before it has hydrated, hydrates the whole page inside
// the tap (75–156 ms at 4× CPU): the browser's own controls keep their taps from it until then.
test('until hydrated, taps on the browser-run controls never reach the document; after, they do', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/')
  // The entry loader keeps them away: it has run once it asks for the (held) entry.
  await page.locator('script[type="module"][src*="/assets/index-"]').waitFor({ state: 'attached' })
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { seen: string[] }).seen = seen
    for (const type of ['pointerdown', 'mousedown', 'click', 'keydown'])
      document.addEventListener(type, (event) => seen.push(`${type} ${(event.target as Element).tagName}`), true)
  })
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen.splice(0))
  const section = page.locator('#service-areas')
  const cities = section.getByRole('listitem').getByRole('link')
  await section.getByText(homeServiceAreas.showMoreLabel).click()
  await expect(cities).toHaveText(serviceAreas.map((area) => area.name))
  await section.getByText(homeServiceAreas.showLessLabel).focus()
  await page.keyboard.press('Enter')
  await expect(cities).toHaveCount(homeServiceAreas.initiallyShown)
  const thumbnail = page.getByRole('button', { name: gallery[1]!.alt }).first()
  await thumbnail.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  expect(await seen()).toEqual([])
  // Other taps still reach it.
  await section.getByRole('heading', { name: homeServiceAreas.heading }).click()
  expect(await seen()).toContain('click H2')

  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await section.getByText(homeServiceAreas.showMoreLabel).click()
  await expect(cities).toHaveCount(serviceAreas.length)
  expect(await seen()).toContain('click SPAN')
})

test("/epoxy's Get Free Quote opens the home page at the quote form before the scripts ran", async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/epoxy')
  await page.getByRole('main').getByRole('link', { name: 'Get Free Quote' }).first().click()
  await expect(page).toHaveURL(/\/#quote-form$/)
  await expect(page.getByRole('region', { name: 'Get Your Free Quote' })).toBeInViewport({ ratio: 0.5 })
  await expectNoScriptRan(page)
  release()
})
