import { expect, test, type Page } from './support/test'
import { gallery } from '~/content/gallery'
import { readFileSync } from 'node:fs'

const manifest = JSON.parse(readFileSync('app/content/image-manifest.json', 'utf8')) as Record<
  string,
  { widths: number[] }
>

const thumbnails = (page: Page) => page.locator('#gallery-grid').getByRole('link')
const badgeOf = (page: Page, index: number) => thumbnails(page).nth(index).locator('[data-badge]')

test('the gallery shows all 24 before-and-after images, sized and lazy below the fold', async ({ page }) => {
  await page.goto('/gallery')
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  const images = page.locator('#gallery-grid img')
  await expect(images).toHaveCount(24)
  expect(gallery).toHaveLength(24)
  const attributes = await images.evaluateAll((nodes) =>
    nodes.map((node) => ({
      alt: node.getAttribute('alt'),
      width: Number(node.getAttribute('width')),
      height: Number(node.getAttribute('height')),
      loading: node.getAttribute('loading'),
    })),
  )
  expect(attributes.map((image) => image.alt)).toEqual(gallery.map((image) => image.alt))
  for (const image of attributes) {
    expect(image.width).toBeGreaterThan(0)
    expect(image.height).toBeGreaterThan(0)
  }
  expect(attributes.slice(1).every((image) => image.loading === 'lazy')).toBe(true)
  // Masonry: CSS columns, more than one on a desktop screen.
  expect(await page.locator('#gallery-grid').evaluate((grid) => getComputedStyle(grid).columnCount)).toBe('3')
})

test('Back to Home returns to the home page', async ({ page }) => {
  await page.goto('/gallery')
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the category badge shows on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/gallery')
  await expect(badgeOf(page, 0)).toHaveText(gallery[0]!.category)
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '0')

  await thumbnails(page).nth(0).hover()
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '1')
  await page.mouse.move(0, 0)
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '0')

  // Keyboard: from the Back to Home link, Tab reaches the first photo.
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).focus()
  await page.keyboard.press('Tab')
  await expect(thumbnails(page).nth(0)).toBeFocused()
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '1')
  await page.keyboard.press('Tab')
  await expect(badgeOf(page, 1)).toHaveCSS('opacity', '1')
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '0')
})

test('the overlay code is loaded only when it is needed', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/gallery')
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((url) => url.includes('before-after-dialog'))).toEqual([])
  await thumbnails(page).nth(2).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(scripts.some((url) => url.includes('before-after-dialog'))).toBe(true)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, list, index } of [
    { path: '/gallery', list: '#gallery-grid', index: 6 },
    { path: '/', list: '#gallery', index: 1 },
  ]) {
    test(`a tap on a photo on ${path} opens its full-size image`, async ({ page }) => {
      await page.goto(path)
      const image = gallery[index]!
      const fullWidth = manifest[image.src]!.widths.at(-1)
      const response = page.waitForResponse((candidate) => candidate.request().isNavigationRequest())
      // Sections below the fold are rendered only when near the screen (content-visibility).
      await page.locator(list).scrollIntoViewIfNeeded()
      await page.locator(list).getByRole('link', { name: image.alt }).click()
      expect((await response).headers()['content-type']).toBe('image/webp')
      await expect(page).toHaveURL(/\/img\/.+\.webp$/)
      // The browser shows the photo itself, at its full width.
      await expect(page.locator('img')).toHaveJSProperty('naturalWidth', fullWidth)
    })
  }
})

test.describe('the full-size overlay', () => {
  test('opens on the chosen image and closes on a click, returning focus', async ({ page }) => {
    await page.goto('/gallery')
    const trigger = thumbnails(page).nth(5)
    await trigger.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleName(gallery[5]!.category)
    await expect(dialog.getByRole('img', { name: gallery[5]!.alt })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Close full-size image' })).toBeFocused()
    await expect(page).toHaveURL(/\/gallery$/)

    await dialog.getByRole('img').click()
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test('a click on the dark backdrop closes it too', async ({ page }) => {
    await page.goto('/gallery')
    await thumbnails(page).nth(0).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.mouse.click(10, 400)
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('Escape closes it and focus returns to the image that opened it', async ({ page }) => {
    await page.goto('/gallery')
    const trigger = thumbnails(page).nth(3)
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test('the close button closes it; focus is trapped inside while open', async ({ page }) => {
    await page.goto('/gallery')
    const trigger = thumbnails(page).nth(10)
    await trigger.click()
    const dialog = page.getByRole('dialog')
    const close = dialog.getByRole('button', { name: 'Close full-size image' })
    await expect(close).toBeFocused()
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      await expect(close).toBeFocused()
    }
    await page.keyboard.press('Shift+Tab')
    await expect(close).toBeFocused()
    // The page behind is hidden from assistive tech while the overlay is open.
    await expect(page.locator('main')).toHaveAttribute('aria-hidden', 'true')
    await close.click()
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
    await expect(page.locator('main')).not.toHaveAttribute('aria-hidden', 'true')
  })
})

test('on touch screens the category badge is always shown @mobile', async ({ page }) => {
  await page.goto('/gallery')
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '1')
  await thumbnails(page).nth(0).tap()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Close full-size image' }).tap()
  await expect(page.getByRole('dialog')).toBeHidden()
})
