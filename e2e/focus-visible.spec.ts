import { expect, loadedAndIdle, test, type Page } from './support/test'
import { routeKinds } from '../tests/support/route-kinds'
import { recordLooks } from './support/animations'

/** Where the focused element stands in the first frame painted after Tab: what the visitor sees. */
interface FocusStop {
  name: string
  /** Its own opacity times every ancestor's: what the visitor sees of it. */
  opacity: number
  /** Some of its box is inside the window. */
  inViewport: boolean
  /** Where its box is, for the failure message. */
  box: string
}

async function focusStop(): Promise<FocusStop | null> {
  // Sections below the fold are laid out (content-visibility) in the frame after focus scrolls to them: a box
  // read before it can stand where no frame ever showed it.
  await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))
  const element = document.activeElement
  if (!element || element === document.body) return null
  let opacity = 1
  for (let node: Element | null = element; node; node = node.parentElement) {
    opacity *= Number(getComputedStyle(node).opacity)
  }
  const box = element.getBoundingClientRect()
  const inViewport =
    box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth
  const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
  const where = `top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)} of ${innerHeight}`
  return { name: `${element.tagName.toLowerCase()} "${label}"`, opacity, inViewport, box: where }
}

/** Tabs from the top of the page to its end; every stop that is not fully seen, with how much of it is. */
async function unseenStops(page: Page): Promise<{ stops: number; unseen: string[] }> {
  const unseen: string[] = []
  let stops = 0
  for (let press = 0; press < 300; press++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(focusStop)
    // Past the last control the browser hands focus to its own toolbar: the page has none left.
    if (!stop) return { stops, unseen }
    stops++
    if (stop.opacity < 1 || !stop.inViewport)
      unseen.push(
        `${stop.name}: opacity ${stop.opacity.toFixed(2)}${stop.inViewport ? '' : `, out of view (${stop.box})`}`,
      )
  }
  throw new Error('Tab never left the page')
}

async function expectEveryStopSeen(page: Page, path: string) {
  await page.goto(path)
  // Motion has arrived by then and hidden what is still out of sight.
  await loadedAndIdle(page, 2)
  if (path === '/') {
    // The case that matters: the services and photos below the fold, hidden until they are scrolled to.
    await expect(page.locator('#services li > div').first()).toHaveCSS('opacity', '0', { timeout: 10_000 })
  }
  const { stops, unseen } = await unseenStops(page)
  expect(stops).toBeGreaterThan(10)
  expect(unseen).toEqual([])
}

test.describe('nothing invisible takes focus', () => {
  for (const { kind, path } of routeKinds) {
    test(`tabbing through ${path} (${kind}) lands only on what is seen`, async ({ page }) => {
      test.slow()
      await expectEveryStopSeen(page, path)
    })
  }

  test('tabbing through the home page on a phone lands only on what is seen @mobile', async ({ page }) => {
    test.slow()
    await expectEveryStopSeen(page, '/')
  })

  test('a photo focus has shown does not fade in again when the page reaches it', async ({ page }) => {
    await page.goto('/')
    await loadedAndIdle(page, 2)
    const tiles = page.locator('#gallery li > div')
    await expect(tiles.first()).toHaveCSS('opacity', '0', { timeout: 10_000 })
    await tiles.first().getByRole('button').focus()
    const looks = await recordLooks(page, '#gallery li > div')
    // Its neighbour, never focused, fades in as the page reaches the row: the reveal has run for the row.
    await expect(tiles.nth(1)).toHaveCSS('opacity', '1')
    expect(new Set(await looks())).toEqual(new Set(['1 none']))
  })
})
