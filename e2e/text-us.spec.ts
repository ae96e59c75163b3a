import { expect, test, type Page } from './support/test'
import { violationList, wcagAudit } from './support/axe'
import { textUs } from '~/content/contact'
import { site } from '~/content/site'

const digits = `+1${site.phone.replace(/\D/g, '')}`

/** Each "Text us" link's target number and the message a phone's messages app would be given. */
async function textLinks(page: Page) {
  const links = page.getByRole('link', { name: textUs.label, exact: true })
  await expect(links.first()).toBeVisible()
  // Sections below the fold are laid out only once near the screen.
  for (const link of await links.all()) await link.scrollIntoViewIfNeeded()
  return links.evaluateAll((anchors) =>
    anchors.map((a) => {
      const href = a.getAttribute('href') ?? ''
      const match = /^sms:([^?]+)\?&body=(.*)$/.exec(href)
      const box = a.getBoundingClientRect()
      return {
        number: match?.[1] ?? null,
        body: match ? decodeURIComponent(match[2]!) : null,
        painted: box.width > 0 && box.height >= 44 && box.right <= document.documentElement.clientWidth,
      }
    }),
  )
}

test.describe('"Text us" starts a thread with the owner (docs/product.md#contact)', () => {
  test('the contact page offers it beside the phone number', async ({ page }) => {
    await page.goto('/contact')
    expect(await textLinks(page)).toEqual([{ number: digits, body: textUs.body.contact, painted: true }])
    expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
  })

  test('a city page offers it beside both call buttons, naming the town', async ({ page }) => {
    await page.goto('/city/folsom')
    const body = textUs.body.city('Folsom')
    expect(body).toContain('Folsom')
    const links = await textLinks(page)
    expect(links).toEqual([
      { number: digits, body, painted: true },
      { number: digits, body, painted: true },
    ])
    expect(violationList(await (await wcagAudit(page)).analyze())).toEqual([])
  })
})
