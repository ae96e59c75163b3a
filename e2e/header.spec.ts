import { expect, test } from './support/test'
import { site } from '~/content/site'

test('header call button opens a tel: link to the business number', async ({ page }) => {
  await page.goto('/gallery')
  const call = page.getByRole('banner').getByRole('link', { name: `Call ${site.phone}` })
  await expect(call).toHaveAttribute('href', site.phoneHref)
  expect(site.phoneHref).toMatch(/^tel:\+1\d{10}$/)
})

// The logo leads home: server.spec.ts, "under the hash policy a visitor moves between pages in the app...".

test('About from another page goes home and scrolls to #about', async ({ page }) => {
  await page.goto('/gallery')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/(#about)?$/)
  await expect(page.locator('#about')).toBeInViewport()
  // Smooth scrolling (and a re-check once late content above has settled): poll until it lands.
  await expect
    .poll(() => page.locator('#about').evaluate((el) => el.getBoundingClientRect().top), { timeout: 5_000 })
    .toBeLessThan(200)
})

test('Gallery on the home page lands on its section in one smooth scroll, though the sections in between were not laid out yet', async ({
  page,
}) => {
  await page.goto('/')
  const gallery = page.locator('#gallery')
  // Below the fold, the browser has not laid the sections out: their heights are estimates (content-visibility).
  expect(await gallery.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto')
  const topWhenLanded = page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        addEventListener('scrollend', () => resolve(document.getElementById('gallery')!.getBoundingClientRect().top), {
          once: true,
        }),
      ),
  )
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click()
  const landed = await topWhenLanded
  await expect(page).toHaveURL(/\/(#gallery)?$/)
  // Where an instant scroll puts it now that everything is laid out: the first scroll must already be there.
  const exact = await gallery.evaluate((el) => {
    el.scrollIntoView({ block: 'start', behavior: 'instant' })
    return el.getBoundingClientRect().top
  })
  expect(Math.abs(landed - exact)).toBeLessThan(2)
})

test('Services and Reviews links navigate', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await nav.getByRole('link', { name: 'Reviews' }).click()
  await expect(page).toHaveURL(/\/reviews$/)
})

test.describe('small screens @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu toggles, the call button reads Call, and choosing a link closes the menu', async ({ page }) => {
    await page.goto('/contact')
    const banner = page.getByRole('banner')
    // Only the word "Call" is visible; the accessible name still carries the number.
    expect(await banner.getByRole('link', { name: `Call ${site.phone}` }).innerText()).toBe('Call')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

    const toggle = banner.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await expect(banner.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')

    await banner.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()

    await banner.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'About' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/(#about)?$/)
    await expect(page.locator('#about')).toBeInViewport()
  })
})
