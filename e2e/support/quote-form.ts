import { expect, type Locator, type Page } from '@playwright/test'

export interface QuoteFields {
  firstName: string
  email: string
  phone: string
}

export async function fillQuoteFields(form: Locator, values: QuoteFields) {
  await form.getByLabel('First Name').fill(values.firstName)
  await form.getByLabel('Email').fill(values.email)
  await form.getByLabel('Phone').fill(values.phone)
}

/** The form's code loads at idle: the fake clock is run past that. */
export async function openInteractiveQuoteForm(page: Page, url: string) {
  await page.clock.install()
  await page.goto(url)
  const form = page.locator('.quote-request-form').first()
  await expect(form).toBeVisible()
  await page.clock.runFor(2_500)
  await expect(form.locator('form[data-interactive="true"]')).toBeAttached()
  return form
}

/** The signed token a page's no-JavaScript form was rendered with, as a form post sends it. */
export async function renderedFormToken(pageUrl: string): Promise<string> {
  const html = await (await fetch(pageUrl)).text()
  const token = html.match(/name="formToken" value="([^"]+)"/)?.[1]
  if (!token) throw new Error(`no form token in ${pageUrl}`)
  return token
}

/** Where a stored lead's plain post is sent: the result page, with the lead's photo token when it may take photos. */
export const SENT_LOCATION = /\/quote-request\?status=sent(?:&upload=[\w.-]+)?$/
