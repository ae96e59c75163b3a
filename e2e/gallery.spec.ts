import { expect, test, type Page } from './support/test'
import { gallery } from '~/content/gallery'

// The photos' buttons (the overlays' close buttons are in the grid too, hidden while closed).
const thumbnails = (page: Page) => page.locator('#gallery-grid button[aria-haspopup="dialog"]')
const badgeOf = (page: Page, index: number) => thumbnails(page).nth(index).locator('[data-badge]')

test('the gallery shows all 24 before-and-after images, sized and lazy below the fold', async ({ page }) => {
  await page.goto('/gallery')
  // The thumbnails' photos (each overlay holds its own full-size one).
  const images = thumbnails(page).locator('img')
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

test('the category badge shows on hover and on keyboard focus, with a visible focus ring', async ({ page }) => {
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
  // Its focus ring shows (the keyboard specs check every other stop on their way).
  await expect(thumbnails(page).nth(0)).toHaveCSS('outline-style', 'solid')
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '1')
  await page.keyboard.press('Tab')
  await expect(badgeOf(page, 1)).toHaveCSS('opacity', '1')
  await expect(badgeOf(page, 0)).toHaveCSS('opacity', '0')
})

test('the overlay needs no script of its own: no chunk loads when it opens', async ({ page }) => {
  const scripts: string[] = []
  await page.goto('/gallery')
  // The page's own late chunk comes first: the chat button loads once the browser is idle after hydration.
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await thumbnails(page).nth(2).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(scripts).toEqual([])
})

test.describe('the full-size overlay', () => {
  test('in a browser without invoker commands it opens once the page has hydrated', async ({ page }) => {
    await page.goto('/gallery')
    const trigger = thumbnails(page).nth(4)
    // Such a browser ignores the attribute; React's click handler opens the overlay there.
    await trigger.evaluate((button) => button.removeAttribute('commandfor'))
    await trigger.click()
    const photo = page.getByRole('dialog').getByRole('img', { name: gallery[4]!.alt })
    await expect(photo).toBeInViewport()
    await page.keyboard.press('Escape')
    await expect(trigger).toBeFocused()
  })

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

  test('opened by keyboard, the close button closes it; focus never reaches the page behind while open', async ({
    page,
  }) => {
    await page.goto('/gallery')
    const trigger = thumbnails(page).nth(10)
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    const close = dialog.getByRole('button', { name: 'Close full-size image' })
    await expect(close).toBeFocused()
    // The browser's modal dialog lets Tab leave for the browser's own controls, never for the page.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('main') && !document.activeElement.closest('dialog')),
        ),
      ).toBe(false)
    }
    // The page behind is inert while the overlay is open: it takes no focus.
    const back = page.getByRole('main').getByRole('link', { name: 'Back to Home' })
    await back.evaluate((link: HTMLElement) => link.focus())
    await expect(close).toBeFocused()
    await close.click()
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
    await back.focus()
    await expect(back).toBeFocused()
    // Focus moved on before the dialog's close event stays where it went: closed and moved in one task, then the
    // event (this listener runs after the page's own).
    await trigger.click()
    await expect(close).toBeFocused()
    const link = await back.elementHandle()
    await dialog.evaluate((shown: HTMLDialogElement, link) => {
      const closed = new Promise((resolve) => shown.addEventListener('close', resolve, { once: true }))
      shown.close()
      link!.focus()
      return closed
    }, link)
    await expect(back).toBeFocused()
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
