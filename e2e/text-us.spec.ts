import { expect, test, type Page } from './support/test'
import { expectNoViolations } from './support/axe'
import { fillLeadFields, openInteractiveLeadForm, SENT_LOCATION } from './support/lead-form'
import { textUs } from '~/content/contact'
import { site } from '~/content/site'

const digits = `+1${site.phone.replace(/\D/g, '')}`

/**
 * Each "Text us" link's target number and the message a phone's messages app would be given; `minHeight`: 44 px
 * for a button, a link inside a sentence is as tall as its line.
 */
async function textLinks(page: Page, minHeight = 44) {
  const links = page.getByRole('link', { name: textUs.label, exact: true })
  await expect(links.first()).toBeVisible()
  // Sections below the fold are laid out only once near the screen.
  for (const link of await links.all()) await link.scrollIntoViewIfNeeded()
  return links.evaluateAll(
    (anchors, minHeight) =>
      anchors.map((a) => {
        const href = a.getAttribute('href') ?? ''
        const match = /^sms:([^?]+)\?&body=(.*)$/.exec(href)
        const box = a.getBoundingClientRect()
        return {
          number: match?.[1] ?? null,
          body: match ? decodeURIComponent(match[2]!) : null,
          painted: box.width > 0 && box.height >= minHeight && box.right <= document.documentElement.clientWidth,
        }
      }),
    minHeight,
  )
}

test.describe('"Text us" starts a thread with the owner (docs/product.md#contact)', () => {
  const cityBody = textUs.body.city('Folsom')
  for (const [where, path, body, buttons] of [
    ['the contact page offers it beside the phone number', '/contact', textUs.body.contact, 1],
    ['a city page offers it beside both call buttons, naming the town', '/city/folsom', cityBody, 2],
  ] as const)
    test(where, async ({ page }) => {
      expect(cityBody).toContain('Folsom')
      await page.goto(path)
      expect(await textLinks(page)).toEqual(Array(buttons).fill({ number: digits, body, painted: true }))
      await expectNoViolations(page)
    })

  test('the success state offers it once a request is sent from a city page, naming the town', async ({ page }) => {
    const form = await openInteractiveLeadForm(page, '/city/folsom')
    await expect(form.getByRole('link', { name: textUs.label })).toHaveCount(0)
    await fillLeadFields(form, { firstName: 'Texter', email: 'texter@example.com', phone: '916-555-0123' })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    const link = form.getByRole('link', { name: textUs.label, exact: true })
    await expect(link).toBeVisible({ timeout: 15_000 })
    expect(decodeURIComponent((await link.getAttribute('href'))!)).toBe(
      `sms:${digits}?&body=${textUs.body.sent('Folsom')}`,
    )
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the result page of a sent request offers it', async ({ page }) => {
    await page.goto('/contact')
    const form = page.locator('.quote-request-form').first()
    await fillLeadFields(form, { firstName: 'PlainTexter', email: 'plain@example.com', phone: '916-555-0124' })
    await form.getByRole('button', { name: 'Get My Free Quote' }).click()
    await expect(page).toHaveURL(SENT_LOCATION)
    expect(await textLinks(page, 16)).toEqual([{ number: digits, body: textUs.body.sent(null), painted: true }])
  })
})
