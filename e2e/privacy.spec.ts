// Issue 23: the privacy notice at /contact#privacy, linked from the footer and beside every quote form.
import { privacyLink } from '~/content/navigation'
import { privacyNotice } from '~/content/privacy'
import { site } from '~/content/site'
import { expect, test, type Page } from './support/test'

const notice = (page: Page) => page.getByRole('region', { name: privacyNotice.heading })

async function expectNoticeShown(page: Page) {
  await expect(page).toHaveURL(/\/contact#privacy$/)
  await expect(notice(page).getByRole('heading', { name: privacyNotice.heading })).toBeInViewport()
}

test('the notice says what is collected, why, who receives it, how long, how to delete it, its date and DNT', async ({
  page,
}) => {
  await page.goto('/contact#privacy')
  await expectNoticeShown(page)
  const text = notice(page)
  await expect(text).toContainText(`Effective ${privacyNotice.effectiveDate}`)
  for (const heading of privacyNotice.sections.map((section) => section.heading))
    await expect(text.getByRole('heading', { name: heading })).toBeVisible()
  for (const words of [
    'first name',
    'e-mail address',
    'phone number',
    'the page you sent the form from',
    'salted hash',
    'the service and size you chose',
    'service address (street and ZIP code)',
    'the time that suits you best',
    'up to 5 photos',
    'remove its location data',
    'only the owner sees them',
    'campaign tags and ad click codes in the address you arrived by',
    'the first page of the site you opened',
    'the name of the site that sent you here',
    'How did you hear about us?',
    'sets no cookies but one',
    'deleted once the photos are sent or after 24 hours',
    'kept in that browser tab only',
  ])
    await expect(text).toContainText(words)
  await expect(text).toContainText('24 months')
  await expect(text).toContainText('Photos are deleted together with their request')
  await expect(text).toContainText('within 30 days')
  await expect(text).toContainText('Do Not Track')
  // How to ask for deletion, with the business's own contact details.
  await expect(text).toContainText(site.email)
  await expect(text).toContainText(site.phone)
})

for (const javaScriptEnabled of [true, false])
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })
    test("the footer's Privacy Notice link opens the notice, and the old /privacy address lands on it", async ({
      page,
    }) => {
      await page.goto('/gallery')
      await page.getByRole('contentinfo').getByRole('link', { name: privacyLink.label }).click()
      await expectNoticeShown(page)
      await page.goto('/privacy')
      await expectNoticeShown(page)
    })
  })

test("a Privacy Notice link sits right under the quote form's submit button", async ({ page }) => {
  await page.goto('/')
  const form = page.locator('.quote-request-form').first()
  const submit = form.getByRole('button', { name: 'Get My Free Quote' })
  const link = form.getByRole('link', { name: privacyLink.label })
  await link.scrollIntoViewIfNeeded()
  await expect(link).toBeVisible()
  const [submitBox, linkBox] = [await submit.boundingBox(), await link.boundingBox()]
  expect(linkBox!.y).toBeGreaterThan(submitBox!.y + submitBox!.height - 1)
  expect(linkBox!.y - (submitBox!.y + submitBox!.height)).toBeLessThan(40)
  await link.click()
  await expectNoticeShown(page)
})
