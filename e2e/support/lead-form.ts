import { expect, type Locator, type Page } from '@playwright/test'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'

// A type, not an interface: it goes where a Record<string, string> of form fields is asked for.
export type LeadFields = {
  firstName: string
  email: string
  phone: string
}

/** A visitor's contact fields, the e-mail made from the name. */
export function contact(firstName: string, phone = '916-555-0142'): LeadFields {
  return { firstName, email: `${firstName.toLowerCase()}@example.com`, phone }
}

export async function fillLeadFields(form: Locator, values: LeadFields) {
  await form.getByLabel('First Name').fill(values.firstName)
  await form.getByLabel('Email').fill(values.email)
  await form.getByLabel('Phone').fill(values.phone)
}

/** The form's code loads at idle: the fake clock is run past that. `navigation` as `page.goto` takes it (a referer). */
export async function openInteractiveLeadForm(page: Page, url: string, navigation?: Parameters<Page['goto']>[1]) {
  await page.clock.install()
  await page.goto(url, navigation)
  const form = page.locator('.quote-request-form').first()
  await expect(form).toBeVisible()
  await page.clock.runFor(2_500)
  await expect(form.locator('form[data-interactive="true"]')).toBeAttached()
  return form
}

/** A visitor sends the form at `url`, its scripts running, and sees it received. */
export async function sendLeadForm(page: Page, url: string, fields: LeadFields) {
  const form = await openInteractiveLeadForm(page, url)
  await fillLeadFields(form, fields)
  await submitLeadForm(page, form)
}

/** Sends a filled form: people take longer than the server's minimum fill time (2.5 s); the fake clock says so. */
export async function submitLeadForm(page: Page, form: Locator) {
  await page.clock.fastForward(4_000)
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
}

/** The signed token a page's no-JavaScript form was rendered with, as a form post sends it. */
export async function renderedFormToken(pageUrl: string): Promise<string> {
  const html = await (await fetch(pageUrl)).text()
  const token = html.match(/name="formToken" value="([^"]+)"/)?.[1]
  if (!token) throw new Error(`no form token in ${pageUrl}`)
  return token
}

/** A plain form's post to `path` of the server at `url`, from one of its own pages; its redirect not followed. */
export function postForm(url: string, path: string, fields: Record<string, string>, headers = {}): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })
}

/** The no-JavaScript form's post to the server at `url`, with the token its /contact page was rendered with. */
export async function postPlainLead(url: string, fields: Record<string, string>): Promise<Response> {
  const formToken = fields.formToken ?? (await renderedFormToken(`${url}/contact`))
  return postForm(url, '/quote-request', { ...fields, formToken })
}

/** Where a stored lead's plain post is sent: the result page; its photo token goes in a cookie (decision 060). */
export const SENT_LOCATION = /\/quote-request\?status=sent$/
