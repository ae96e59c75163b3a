// Issue 24, "Phones first": what a visitor sees on a 390 × 844 phone (and a 1280-wide desktop).
import { serviceList } from '~/content/service-list'
import { expect, test, type Locator, type Page } from './support/test'

const PHONE = { width: 390, height: 844 }

interface Box {
  x: number
  y: number
  width: number
  height: number
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box, 'the element is rendered').not.toBeNull()
  return box!
}

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = await boxOf(locator)
  const viewport = page.viewportSize()!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
}

const selectedService = (page: Page) => page.getByRole('radiogroup').getByRole('radio', { checked: true })

test.describe('the selected service on a phone', () => {
  test.use({ viewport: PHONE })

  test('opening /services?tab=roof shows the Roof chip selected inside the screen', async ({ page }) => {
    await page.goto('/services?tab=roof')
    await expect(selectedService(page)).toHaveText(serviceList.find((service) => service.id === 'roof')!.shortTitle)
    await expectInsideViewport(page, selectedService(page))
  })

  test('an old /roof-pressure-washing address lands with the Roof chip inside the screen', async ({ page }) => {
    await page.goto('/roof-pressure-washing')
    await expect(page).toHaveURL(/\/services\?tab=roof$/)
    await expectInsideViewport(page, selectedService(page))
  })

  test('the footer link Roof Cleaning lands with the Roof chip inside the screen', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Roof Cleaning' }).click()
    await expect(page).toHaveURL(/\/services\?tab=roof$/)
    await expect(selectedService(page)).toHaveText(serviceList.find((service) => service.id === 'roof')!.shortTitle)
    await expectInsideViewport(page, selectedService(page))
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('the Gutter chip is inside the screen on /services?tab=gutter', async ({ page }) => {
      await page.goto('/services?tab=gutter')
      await expect(selectedService(page)).toHaveText(serviceList.find((service) => service.id === 'gutter')!.shortTitle)
      await expectInsideViewport(page, selectedService(page))
    })
  })
})
