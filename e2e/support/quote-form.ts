import { expect, type Page } from '@playwright/test'

/**
 * Opens `url` with Playwright's fake clock and waits until the page's quote form is interactive
 * (its code loads when the browser is idle: the clock is run past that). Returns the form section.
 */
export async function openInteractiveQuoteForm(page: Page, url: string) {
  await page.clock.install()
  await page.goto(url)
  const form = page.locator('.quote-request-form').first()
  await expect(form).toBeVisible()
  await page.clock.runFor(2_500)
  await expect(form.locator('form[data-interactive="true"]')).toBeAttached()
  return form
}
