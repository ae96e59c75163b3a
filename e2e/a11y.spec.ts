import { expect, test, type Page } from './support/test'
import { openInteractiveQuoteForm } from './support/quote-form'
import { violationList, wcagAudit } from './support/axe'
import { QUOTE_MESSAGES } from '~/lib/quote/quote-schema'

async function expectNoViolations(page: Page) {
  expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
}

test('the 404 page has no WCAG 2.2 A/AA violations', async ({ page }) => {
  await page.goto('/no-such-page')
  await expectNoViolations(page)
})

test('the quote form showing its errors and a visible toast has no WCAG 2.2 A/AA violations', async ({ page }) => {
  const form = await openInteractiveQuoteForm(page, '/contact')
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByText(QUOTE_MESSAGES.missingFields.title)).toBeVisible()
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
