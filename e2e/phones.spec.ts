// Issue 24, "Phones first": what a visitor sees on a 390 × 844 phone (and a 1280-wide desktop).
import { serviceList } from '~/content/service-list'
import sharp from 'sharp'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { site } from '~/content/site'
import { homeContact } from '~/content/home-sections'
import { luminance } from './support/colour'
import { openInteractiveLeadForm } from './support/lead-form'
import { expect, overlap, test, type Box, type Locator, type Page } from './support/test'

const PHONE = { width: 390, height: 844 }

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box, 'the element is rendered').not.toBeNull()
  return box!
}

/** Where the glyphs of an element's text are, one box per line (padding and empty space left out). */
async function textBoxes(locator: Locator): Promise<Box[]> {
  return locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }))
  })
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

  for (const [way, open] of [
    ['opening /services?tab=roof', (page: Page) => page.goto('/services?tab=roof')],
    [
      'the footer link Roof Cleaning',
      async (page: Page) => {
        await page.goto('/contact')
        await page.getByRole('contentinfo').getByRole('link', { name: 'Roof Cleaning' }).click()
      },
    ],
  ] as const) {
    test(`${way} lands with the Roof chip selected inside the screen`, async ({ page }) => {
      await open(page)
      await expect(page).toHaveURL(/\/services\?tab=roof$/)
      await expect(selectedService(page)).toHaveText(serviceList.find((service) => service.id === 'roof')!.shortTitle)
      await expectInsideViewport(page, selectedService(page))
    })
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('the Gutter chip is inside the screen on /services?tab=gutter', async ({ page }) => {
      await page.goto('/services?tab=gutter')
      await expect(selectedService(page)).toHaveText(serviceList.find((service) => service.id === 'gutter')!.shortTitle)
      await expectInsideViewport(page, selectedService(page))
    })
  })
})

for (const viewport of [PHONE, { width: 1280, height: 720 }]) {
  test(`on a ${viewport.width}-wide screen a quote toast leaves the header's links and call button uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const form = await openInteractiveLeadForm(page, '/contact')
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: LEAD_MESSAGES.missingFields.title })
    await expect(toast).toBeVisible()
    // Where it rests once its slide-in (a CSS transition) has ended.
    await expect
      .poll(() => toast.evaluate((element) => getComputedStyle(element).transform))
      .toBe('matrix(1, 0, 0, 1, 0, 0)')
    const toastBox = await boxOf(toast)
    const header = page.getByRole('banner')
    const controls = [
      ...(await header.getByRole('link').filter({ visible: true }).all()),
      ...(await header.getByRole('button').filter({ visible: true }).all()),
    ]
    expect(controls.length).toBeGreaterThan(1)
    for (const control of controls) {
      expect(overlap(toastBox, await boxOf(control)), `the toast covers "${await control.textContent()}"`).toBe(0)
    }
  })
}

test.describe('the floating chat button on a phone', () => {
  test.use({ viewport: PHONE })

  test('it is never over the map note, wherever the page is scrolled, nor over the copyright line at the bottom', async ({
    page,
  }) => {
    await page.goto('/')
    const chat = page.getByRole('button', { name: 'Chat with us' })
    await expect(chat).toBeVisible()
    const note = page.getByText(homeContact.mapNote)
    // The worst case: the note's last line at the bottom edge of the screen, right above the button.
    await note.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await expect(note).toBeInViewport()
    const lines = await textBoxes(note)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(overlap(await boxOf(chat), line)).toBe(0)

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const copyright = page.getByRole('contentinfo').getByText(`© ${site.copyrightYear}`)
    await expect(copyright).toBeInViewport()
    for (const line of await textBoxes(copyright)) expect(overlap(await boxOf(chat), line)).toBe(0)
  })
})

/** Contrast between a label's lightest pixels (its letters) and its typical pixel (the pill behind them). */
async function labelContrast(label: Locator): Promise<number> {
  const { data, info } = await sharp(await label.screenshot({ animations: 'disabled' }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const values: number[] = []
  for (let index = 0; index < info.width * info.height * 3; index += 3)
    values.push(luminance(data[index]!, data[index + 1]!, data[index + 2]!))
  values.sort((a, b) => a - b)
  const letters = values[Math.floor(values.length * 0.98)]!
  const background = values[Math.floor(values.length * 0.5)]!
  return (letters + 0.05) / (background + 0.05)
}

test.describe('the home gallery on a phone', () => {
  // Still tiles: the reveal motion would move them while they are measured.
  test.use({ viewport: PHONE, reducedMotion: 'reduce' })

  test('every thumbnail shows BEFORE and AFTER labels of readable size and contrast, on the photo', async ({
    page,
  }) => {
    await page.goto('/')
    const tiles = page.locator('#gallery li')
    await tiles.first().scrollIntoViewIfNeeded()
    await expect(tiles).toHaveCount(4)
    for (const tile of await tiles.all()) {
      await tile.scrollIntoViewIfNeeded()
      // The thumbnail's photo (the closed overlay holds the full-size one).
      const photo = await boxOf(tile.locator('button img'))
      for (const text of ['Before', 'After']) {
        const label = tile.getByText(text, { exact: true })
        await expect(label).toBeVisible()
        const box = await boxOf(label)
        expect(overlap(box, photo), `${text} lies on the photo`).toBeCloseTo(box.width * box.height, 0)
        const fontSize = await label.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))
        expect(fontSize).toBeGreaterThanOrEqual(12)
        expect(await labelContrast(label)).toBeGreaterThanOrEqual(4.5)
      }
    }
  })
})
