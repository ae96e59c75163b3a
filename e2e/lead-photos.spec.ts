/**
 * Photos after the lead, on the production build (docs/decisions/044-lead-photos.md): the quote's answer
 * carries the upload token, and the photos reach the signed-in inbox as thumbnails. The owner-only route's 401,
 * its headers and the spent token are tests/server/lead-photos.test.ts's.
 */
import { PHOTO_TOKEN_PATTERN } from '~/features/leads/lead-photo-statuses'
import { LEAD_MESSAGES } from '~/features/leads/lead-schema'
import { fillLeadFields, openInteractiveLeadForm, submitLeadForm } from './support/lead-form'
import { violationList, wcagAudit } from './support/axe'
import { signInOwner, startOwnerServer } from './support/owner'
import { phonePhoto } from './support/photo'
import { startSiteServer } from './support/site-server'
import { expect, test } from './support/test'

test('after a stored quote the form sends the chosen photos, which reach the signed-in inbox as thumbnails', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const server = await startOwnerServer()
  const photo = await phonePhoto('#4a7')
  const firstName = `Photo${Date.now().toString(36)}`
  const form = await openInteractiveLeadForm(page, `${server.url}/contact`)
  await fillLeadFields(form, { firstName, email: 'photos@example.com', phone: '(916) 555-0123' })
  await submitLeadForm(page, form)
  const input = form.getByLabel('Add photos of the area (optional)')
  // The new fields and the photo step, open, pass a WCAG 2.2 AA audit.
  const audit = await (await wcagAudit(page)).include('.quote-request-form').analyze()
  expect(violationList(audit)).toEqual([])
  // The photos go with the token the quote's own answer carried (the browser reads it from the server function).
  // The upload's answer and the owner's e-mail about it: lead-photos.test.ts.
  await input.setInputFiles(['front.jpg', 'side.jpg'].map((name) => ({ name, mimeType: 'image/jpeg', buffer: photo })))
  await form.getByRole('button', { name: 'Send photos' }).click()
  await expect(form.getByRole('status')).toHaveText(/^2 photos added\./)
  await expect(input).toHaveCount(0)

  // The owner signs in and sees two thumbnails; each opens the full-size photo.
  await signInOwner(page, server)
  const thumbnails = page.getByRole('list', { name: `Photos from ${firstName}` }).getByRole('img')
  await expect(thumbnails).toHaveCount(2)
  await expect(thumbnails.first()).toHaveJSProperty('complete', true)
  expect(await thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
  const href = await page
    .getByRole('list', { name: `Photos from ${firstName}` })
    .getByRole('link')
    .first()
    .getAttribute('href')
  expect((await page.request.get(`${server.url}${href}`)).status()).toBe(200)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the success page offers the plain photo form, which adds the photo; its token is in no URL or log', async ({
    page,
  }) => {
    const server = await startSiteServer()
    const photo = await phonePhoto('#4682b4')
    const sent: { method: string; url: string; referer: string }[] = []
    page.on('request', (request) =>
      sent.push({ method: request.method(), url: request.url(), referer: request.headers().referer ?? '' }),
    )
    await page.goto(`${server.url}/contact`)
    const form = page.locator('.quote-request-form').first()
    await fillLeadFields(form, { firstName: 'Plain', email: 'plain@example.com', phone: '916-555-0151' })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)
    await expect(page).toHaveURL(`${server.url}/quote-request?status=sent`)
    // A reload asks for the page again, posts nothing, and still offers the photos.
    await page.reload()
    const token = await page.locator('input[type="hidden"][name="token"]').inputValue()
    expect(token).toMatch(PHOTO_TOKEN_PATTERN)
    await page
      .getByLabel('Add photos of the area (optional)')
      .setInputFiles({ name: 'patio.jpg', mimeType: 'image/jpeg', buffer: photo })
    await page.getByRole('button', { name: 'Send photos' }).click()
    await expect(page).toHaveURL(/\/quote-request\?photos=added$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos received')
    // Back to the result page: its token was spent, and the photo form is gone with it.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEAD_MESSAGES.success.title)
    await expect(page.getByRole('button', { name: 'Send photos' })).toHaveCount(0)

    const posts = sent.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname)
    expect(posts).toEqual(['/quote-request', '/quote-photos'])
    expect(sent.filter((request) => request.url.includes(token) || request.referer.includes(token))).toEqual([])
    expect(server.output()).not.toContain(token)
  })
})
