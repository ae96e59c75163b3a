import { expect, test, type Page } from './support/test'
import { openInteractiveLeadForm } from './support/quote-form'
import { QUOTE_MESSAGES } from '~/lib/leads/lead-schema'
import { HEARD_ABOUT_QUESTION } from '~/lib/lead-source/lead-source-constants'

/** Presses Tab until `target` has focus, checking each stop shows a visible focus indicator. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return 'none'
      const style = getComputedStyle(element)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? 'visible'
        : `${element.tagName}: no outline`
    })
    expect(outline, 'every keyboard stop shows a visible focus indicator').toBe('visible')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error('target never received focus')
}

test.describe('keyboard only @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('open the menu, reach each link, close it with Escape', async ({ page }) => {
    await page.goto('/contact')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await tabTo(page, toggle)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    for (const name of ['About', 'Services', 'Gallery', 'Reviews']) {
      await tabTo(page, menu.getByRole('link', { name }))
    }
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })
})

test('fill and send the quote form with the keyboard alone', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, '/contact')
  await tabTo(page, form.getByLabel('First Name'))
  await page.keyboard.type('Kim')
  await page.keyboard.press('Tab')
  await page.keyboard.type('kim@example.com')
  await page.keyboard.press('Tab')
  await page.keyboard.type('916-555-0111')
  // The optional fields after them, each stop with its focus ring; a letter picks an answer from the list.
  const heardAbout = form.getByLabel(HEARD_ABOUT_QUESTION)
  await tabTo(page, heardAbout)
  await page.keyboard.press('y')
  await expect(heardAbout).toHaveValue('yelp')
  await tabTo(page, form.getByRole('button', { name: 'Get My Free Quote' }), 1)
  await page.clock.fastForward(4_000)
  await page.keyboard.press('Enter')
  await expect(page.getByText(QUOTE_MESSAGES.success.title)).toBeVisible()
})

test('open and close the chat with the keyboard, focus returning to its button', async ({ page }) => {
  await page.goto('/')
  const launcher = page.getByRole('button', { name: 'Chat with us' })
  await expect(launcher).toBeVisible({ timeout: 15_000 })
  await launcher.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByPlaceholder('Ask about our services...')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByPlaceholder('Ask about our services...')).toBeHidden()
  await expect(launcher).toBeFocused()
})

test('open and close the gallery overlay with the keyboard, focus returning to the image', async ({ page }) => {
  await page.goto('/gallery')
  const first = page.locator('#gallery-grid button[aria-haspopup="dialog"]').first()
  await tabTo(page, first)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  // Focus never reaches the page behind (the browser's modal dialog may hand it to its own controls).
  await page.keyboard.press('Tab')
  expect(
    await page.evaluate(() =>
      Boolean(document.activeElement?.closest('main') && !document.activeElement.closest('dialog')),
    ),
  ).toBe(false)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(first).toBeFocused()
})
