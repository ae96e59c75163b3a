/**
 * The quote form in Chromium against the production build: what the visitor sees (messages, toasts, focus, the
 * form before and without its scripts), what the browser sends, and what the production server adds to the service
 * (its server-function encoding, Retry-After, the plain post's page). The service's own rules (each refusal, the
 * body limit, the fill time, the rate limit, idempotency) are tests/server/lead-pipeline.test.ts's; the stored
 * lead's columns, e2e/lead-source.spec.ts's.
 */
import { expect, test, type Locator, type Page, type Route } from './support/test'
import { LEAD_FIELD_MESSAGES, LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { HEARD_ABOUT_QUESTION } from '~/features/leads/lead-source-constants'
import {
  fillLeadFields,
  openInteractiveLeadForm,
  postForm,
  sendLeadForm,
  type LeadFields,
  SENT_LOCATION,
} from './support/lead-form'
import { mailTexts } from './support/owner'
import { sharedSiteData, startSiteServer } from './support/site-server'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'

const FORM_PAGE = '/contact'

async function fill(page: Page, values: LeadFields) {
  await fillLeadFields(page.locator('.quote-request-form').first(), values)
  // People take longer than the server's minimum fill time (2.5 s); let the fake clock say so.
  await page.clock.fastForward(4_000)
}

function submit(page: Page) {
  return page.locator('.quote-request-form').first().getByRole('button', { name: 'Get My Free Quote' }).click()
}

test('empty submit shows every field message, the fill-in toast, and focuses the first field', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, FORM_PAGE)
  await submit(page)
  await expect(form.getByText(LEAD_FIELD_MESSAGES.firstNameRequired)).toBeVisible()
  await expect(form.getByText(LEAD_FIELD_MESSAGES.emailRequired)).toBeVisible()
  await expect(form.getByText(LEAD_FIELD_MESSAGES.phoneRequired)).toBeVisible()
  await expect(page.getByText(LEAD_MESSAGES.missingFields.title)).toBeVisible()
  await expect(page.getByText(LEAD_MESSAGES.missingFields.description)).toBeVisible()
  await expect(form.getByLabel('First Name')).toBeFocused()
  // Each message is tied to its field for assistive technology.
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(LEAD_FIELD_MESSAGES.emailRequired)
})

test('validation runs on submit, a whitespace-only field counting as empty, then re-validates on change', async ({
  page,
}) => {
  const form = await openInteractiveLeadForm(page, FORM_PAGE)
  await form.getByLabel('First Name').fill('   ')
  await form.getByLabel('Email').fill('not-an-email')
  // Nothing is judged before the first submit.
  await expect(form.getByText(LEAD_FIELD_MESSAGES.emailInvalid)).toHaveCount(0)
  await submit(page)
  await expect(form.getByText(LEAD_FIELD_MESSAGES.emailInvalid)).toBeVisible()
  await expect(form.getByText(LEAD_FIELD_MESSAGES.firstNameRequired)).toBeVisible()
  await expect(page.getByText(LEAD_MESSAGES.missingFields.title)).toBeVisible()
  await form.getByLabel('Email').fill('ana@example.com')
  await expect(form.getByText(LEAD_FIELD_MESSAGES.emailInvalid)).toHaveCount(0)
  await form.getByLabel('First Name').fill('Ana')
  await expect(form.getByText(LEAD_FIELD_MESSAGES.firstNameRequired)).toHaveCount(0)
})

// Its confetti painted: confetti.spec.ts.
test('a valid request shows Sending..., is stored and emailed, and resets the form', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, FORM_PAGE)
  const name = `Ana${Date.now().toString(36)}`
  await fill(page, { firstName: `  ${name} `, email: ' ana@example.com ', phone: ' (916) 555-0100 ' })

  // Hold the request so the submitting state can be seen.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let sentBody = ''
  await page.route('**/_serverFn/**', async (route) => {
    sentBody = route.request().postData() ?? ''
    await held
    await route.continue()
  })
  await submit(page)
  const button = form.getByRole('button', { name: 'Sending...' })
  await expect(button).toBeDisabled()
  release()

  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
  await expect(page.getByText(LEAD_MESSAGES.success.description)).toBeVisible()
  await expect(form.getByRole('button', { name: 'Get My Free Quote' })).toBeEnabled()
  await expect(form.getByLabel('First Name')).toHaveValue('')
  await expect(form.getByLabel('Email')).toHaveValue('')
  await expect(form.getByLabel('Phone')).toHaveValue('')

  // Values were trimmed before sending.
  expect(sentBody).toContain(`"${name}"`)
  expect(sentBody).toContain('"ana@example.com"')
  expect(sentBody).toContain('"(916) 555-0100"')

  // The owner's email was written (stored first, then emailed by the outbox worker); what it says:
  // lead-pipeline.test.ts, "stores a lead, acknowledges it, and e-mails the owner".
  await expect.poll(() => mailTexts(sharedSiteData.dataDir, name).length, { timeout: 15_000 }).toBe(1)
})

test('when the form token cannot be fetched, the token the page was rendered with is sent and the owner is e-mailed', async ({
  page,
}) => {
  await page.route('**/_serverFn/**', (route) =>
    route.request().method() === 'GET' ? route.abort() : route.continue(),
  )
  const name = `Offline${Date.now().toString(36)}`
  await sendLeadForm(page, FORM_PAGE, { firstName: name, email: 'offline@example.com', phone: '(916) 555-0130' })
  // Stored as suspected spam ("no-token"), it would never reach the owner.
  await expect.poll(() => mailTexts(sharedSiteData.dataDir, name).length, { timeout: 15_000 }).toBe(1)
})

test('confetti is skipped under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await sendLeadForm(page, FORM_PAGE, { firstName: 'Reduced', email: 'calm@example.com', phone: '916 555 0101' })
  await expect(page.locator('body > canvas')).toHaveCount(0)
})

for (const [failure, fail] of [
  ['a failed call', (route: Route) => route.fulfill({ status: 500, body: 'boom' })],
  ['a network failure', (route: Route) => route.abort('connectionreset')],
] as const) {
  test(`${failure} shows the destructive error toast and keeps what was typed`, async ({ page }) => {
    const form = await openInteractiveLeadForm(page, FORM_PAGE)
    await page.route('**/_serverFn/**', fail)
    await fill(page, { firstName: 'Bea', email: 'bea@example.com', phone: '916-555-0102' })
    await submit(page)
    await expect(page.getByText(LEAD_MESSAGES.submitError.title)).toBeVisible()
    await expect(page.getByText(LEAD_MESSAGES.submitError.description)).toBeVisible()
    await expect(form.getByLabel('First Name')).toHaveValue('Bea')
    await expect(form.getByLabel('Email')).toHaveValue('bea@example.com')
    await expect(page.locator('body > canvas')).toHaveCount(0)
  })
}

test('the honeypot is hidden from people and assistive technology', async ({ page }) => {
  const form = await openInteractiveLeadForm(page, FORM_PAGE)
  const honeypot = form.locator('input[name="dbpw-check"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).not.toBeInViewport()
  const snapshot = await form.ariaSnapshot()
  expect(snapshot).not.toContain('Leave this field empty')
  // Tabbing from the last field the visitor sees goes straight to the submit button.
  await form.getByLabel(HEARD_ABOUT_QUESTION).focus()
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Get My Free Quote' })).toBeFocused()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posted by Enter, then again, stores one lead, sends one e-mail and shows the success page both times', async ({
    page,
  }) => {
    // Its own server, which has rendered the form once: a page cached mid-load would hide the form without JS.
    const server = await startSiteServer()
    const name = `Twice${Date.now().toString(36)}`
    await page.goto(`${server.url}${FORM_PAGE}`)
    const form = page.locator('.quote-request-form').first()
    await fillLeadFields(form, { firstName: name, email: 'twice@example.com', phone: '916-555-0112' })
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/quote-request')
    // Enter in a field sends the request: the price button below the main one is not the form's default.
    await form.getByLabel('Phone').press('Enter')
    const first = await posted
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)

    // What a browser sends again after Back and a second click, or a reload that re-posts.
    const sent = Object.fromEntries(new URLSearchParams(first.postData()!))
    const again = await postForm(server.url, '/quote-request', sent)
    expect(again.status).toBe(303)
    await page.goto(new URL(again.headers.get('location') ?? '', server.url).href)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)

    // The outbox sends in order: once a later lead's e-mail is there, a second one for the first would be too.
    const later = `After${Date.now().toString(36)}`
    await page.goto(`${server.url}${FORM_PAGE}`)
    await fillLeadFields(form, { firstName: later, email: 'after@example.com', phone: '916-555-0113' })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)
    await expect.poll(() => mailTexts(server.dataDir, later).length, { timeout: 15_000 }).toBe(1)
    expect(mailTexts(server.dataDir, name)).toHaveLength(1)
  })

  test('a refused post comes back as the visitor left it, the message beside its field, nothing typed in the address', async ({
    page,
  }) => {
    await page.goto(FORM_PAGE)
    await sendRosaWithAMistypedEmail(page)
    await expectRefusedFormKept(page)

    // Corrected and sent again from the same page, it goes through.
    const again = page.locator('.quote-request-form').first()
    await again.getByLabel('Email').fill('rosa@example.com')
    await again.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page).toHaveURL(SENT_LOCATION)
  })

  test('an empty post names the first missing field beside it', async ({ page }) => {
    await page.goto(FORM_PAGE)
    await page.locator('.quote-request-form').first().getByRole('button', { name: 'Get My Free Quote' }).click()
    const form = page.locator('.quote-request-form').first()
    await expect(form.getByLabel('First Name')).toHaveAccessibleDescription(LEAD_FIELD_MESSAGES.firstNameRequired)
    await expect(page).toHaveURL(/\/quote-request$/)
  })
})

/** Every field filled, the e-mail mistyped, sent by the plain form: the server refuses it with 400. */
async function sendRosaWithAMistypedEmail(page: Page) {
  const form = page.locator('.quote-request-form').first()
  await fillLeadFields(form, { firstName: 'Rosa', email: 'rosa@', phone: '916-555-0142' })
  await form.getByLabel('Street address').fill('12 Oak St')
  await form.getByLabel('ZIP code').fill('95630')
  await form.getByRole('radio', { name: 'Afternoon' }).check()
  await form.getByLabel(HEARD_ABOUT_QUESTION).selectOption({ label: 'Yelp' })
  await sendRefused(page, form)
  return form
}

/** Sends the plain form, refused: 400 with the page itself, no redirect that could carry the fields, no cache's. */
async function sendRefused(page: Page, form: Locator) {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST')
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  const response = await answer
  expect(response.status()).toBe(400)
  expect(response.headers()['location']).toBeUndefined()
  expect(response.headers()['cache-control']).toBe('private, no-store')
  return response
}

/** The refused page holds every field as Rosa typed it, the e-mail's message beside it. */
async function expectRefusedFormKept(page: Page) {
  await expect(page).toHaveURL(/\/quote-request$/)
  const form = page.locator('.quote-request-form').first()
  await expect(form.getByLabel('First Name')).toHaveValue('Rosa')
  await expect(form.getByLabel('Phone')).toHaveValue('916-555-0142')
  await expect(form.getByLabel('Email')).toHaveValue('rosa@')
  await expect(form.getByLabel('Street address')).toHaveValue('12 Oak St')
  await expect(form.getByLabel('ZIP code')).toHaveValue('95630')
  await expect(form.getByRole('radio', { name: 'Afternoon' })).toBeChecked()
  await expect(form.getByLabel(HEARD_ABOUT_QUESTION)).toHaveValue('yelp')
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(LEAD_FIELD_MESSAGES.emailInvalid)
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
}

test('a tap on submit before the scripts ran comes back with what was typed when refused; sent, every field empties', async ({
  page,
}) => {
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto(FORM_PAGE, { waitUntil: 'commit' })
  const form = await sendRosaWithAMistypedEmail(page)
  release()
  await expectRefusedFormKept(page)
  // Once its code runs, the form goes on from there: fixed, it is sent with the script.
  await expect(page.locator('.quote-request-form form[data-interactive="true"]')).toBeAttached({ timeout: 15_000 })
  await expect(form.getByLabel('First Name')).toHaveValue('Rosa')
  await form.getByLabel('Email').fill('rosa@example.com')
  await expect(form.getByLabel('Email')).not.toHaveAttribute('aria-invalid')
  await form.getByRole('button', { name: 'Get My Free Quote' }).click()
  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
  // Empty, not back to the refused page's values, which are its fields' defaults.
  for (const label of ['First Name', 'Email', 'Phone', 'Street address', 'ZIP code'])
    await expect(form.getByLabel(label)).toHaveValue('')
  for (const radio of await form.getByRole('radio').all()) await expect(radio).not.toBeChecked()
  await expect(form.getByLabel(HEARD_ABOUT_QUESTION)).toHaveValue('')
})

test('what a refused visitor typed is shown to them as text, and to no one else', async ({ page }) => {
  const hostile = '<img src=x onerror="window.__owned=1">'
  const release = await holdRequests(page, APP_SCRIPTS)
  await page.goto(FORM_PAGE, { waitUntil: 'commit' })
  const form = page.locator('.quote-request-form').first()
  await fillLeadFields(form, { firstName: hostile, email: 'x@', phone: '916-555-0142' })
  const response = await sendRefused(page, form)
  expect(await response.text()).not.toContain(hostile)
  release()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(form.getByLabel('First Name')).toHaveValue(hostile)
  expect(await page.evaluate(() => '__owned' in window)).toBe(false)
  // Another visitor of the same address sees an empty form.
  const other = await page.context().browser()!.newPage()
  await other.goto(new URL('/quote-request', page.url()).href)
  await expect(other.locator('.quote-request-form').first().getByLabel('First Name')).toHaveValue('')
  await other.close()
})

test('the form asks for its token at the first touch, not as the page loads, and sends that one', async ({ page }) => {
  const tokenCalls: string[] = []
  page.on('response', async (response) => {
    if (!response.url().includes('/_serverFn/') || response.request().method() !== 'GET') return
    const body = await response.text().catch(() => '')
    if (/[0-9a-z]{1,11}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}/.test(body)) tokenCalls.push(body)
  })
  const form = await openInteractiveLeadForm(page, FORM_PAGE)
  expect(tokenCalls).toHaveLength(0) // nothing asked for while the page loads
  await fillLeadFields(form, { firstName: 'Quick', email: 'quick@example.com', phone: '916-555-0120' })
  await expect.poll(() => tokenCalls.length).toBe(1)
  // The browser's clock says minutes passed; the server times the fill from that token alone: lead-pipeline.test.ts,
  // "the fill time is measured by the server".
  await page.clock.fastForward(300_000)
  await submit(page)
  await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
  expect(tokenCalls).toHaveLength(1)
})

test('past the per-IP limit the server answers 429 with Retry-After and the visitor sees the error toast', async ({
  page,
}) => {
  const server = await startSiteServer({ QUOTE_RATE_LIMIT: '2' })
  for (let attempt = 1; attempt <= 3; attempt++) {
    await openInteractiveLeadForm(page, `${server.url}${FORM_PAGE}`)
    await fill(page, { firstName: `Rate${attempt}`, email: 'rate@example.com', phone: '916-555-0105' })
    // The lead's post: the form's token and typical-price reads are GETs that may answer after the fill.
    const answer = page.waitForResponse(
      (response) => response.url().includes('/_serverFn/') && response.request().method() === 'POST',
    )
    await submit(page)
    const response = await answer
    if (attempt <= 2) {
      expect(response.status()).toBe(200)
      await expect(page.getByText(LEAD_MESSAGES.success.title)).toBeVisible()
    } else {
      expect(response.status()).toBe(429)
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0)
      expect(await response.text()).toContain('Too many quote requests')
      await expect(page.getByText(LEAD_MESSAGES.submitError.title)).toBeVisible()
    }
  }
})
