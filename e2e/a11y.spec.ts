import { expect, test, type Page } from './support/test'
import { openInteractiveLeadForm } from './support/lead-form'
import { expectNoViolations, renderEverySection } from './support/axe'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { routeKinds } from '../tests/support/route-kinds'

test('the quote form showing its errors and a visible toast has no WCAG 2.2 A/AA violations', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, '/contact')
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByText(LEAD_MESSAGES.missingFields.title)).toBeVisible()
  await expectNoViolations(page)
})

test.describe('small screens @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the open mobile menu has no WCAG 2.2 A/AA violations', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
    await expectNoViolations(page)
  })
})

/** One page of every route kind, and the quote form's own page (where a plain post lands). */
const everyKind = [...routeKinds.map(({ path }) => path), '/quote-request']

/**
 * Links and buttons smaller than 24 × 24 px, but for those inside a sentence (WCAG 2.5.8's inline exception).
 * WCAG lets a small target pass on the room around it; here a target alone on its line must be big enough itself,
 * so it passes whatever the layout beside it (axe flagged the quote form's "Privacy Notice" on 9c3b011).
 */
function smallTargets(): string[] {
  const targets = document.querySelectorAll<HTMLElement>('a[href], button, summary, select, input:not([type="hidden"])')
  return [...targets].flatMap((target) => {
    const box = target.getBoundingClientRect()
    // Out of the layout (a closed menu) or clipped to a pixel until focused (the skip link).
    if (box.width <= 1 || box.height <= 1 || !target.checkVisibility()) return []
    if (box.width >= 24 && box.height >= 24) return []
    const around = target.parentElement?.textContent?.replace(target.textContent ?? '', '').trim()
    if (around) return []
    const name = target.getAttribute('aria-label') ?? target.textContent?.trim()
    return [`${target.tagName.toLowerCase()} "${name}": ${Math.round(box.width)} × ${Math.round(box.height)} px`]
  })
}

/** In one load: axe on the page as it arrives, then, every section rendered, no small target. */
async function expectAccessible(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expectNoViolations(page)
  await renderEverySection(page)
  expect(await page.evaluate(smallTargets)).toEqual([])
}

// The home page with every part open, a photo's overlay too, is home.spec.ts's.
for (const path of everyKind) {
  test(`${path} has no WCAG 2.2 A/AA violations axe can find, and every link alone on its line is 24 × 24 px or more`, async ({
    page,
  }) => {
    await expectAccessible(page, path)
  })

  test(`on a phone, ${path} has no WCAG 2.2 A/AA violations axe can find, and every link alone on its line is 24 × 24 px or more @mobile`, async ({
    page,
  }) => {
    await expectAccessible(page, path)
  })
}
