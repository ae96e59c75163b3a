// On a slow phone every request during the first view competes with the page: the tab icon is inline and
// the web manifest is linked only after the load event (docs/decisions/027-no-icon-or-manifest-requests-before-the-page.md).
import { WEB_MANIFEST_HREF } from '~/lib/seo/web-manifest'
import { expect, test } from './support/test'

test('the first view fetches no icon and no manifest; the manifest is linked after the load event', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  const response = await page.goto('/services?tab=roof')
  const html = await response!.text()
  expect(html).not.toContain('rel="manifest"')
  // Search engines take the site's icon from a crawlable link; browsers use the inline one.
  expect(html).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon.png"( nonce="[0-9a-f]+")?\/>/)
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/)

  await page.waitForFunction(() => document.readyState === 'complete')
  expect(requested.filter((path) => /favicon|\.ico$|webmanifest|touch-icon/.test(path))).toEqual([])
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', WEB_MANIFEST_HREF)
  // The manifest it links still answers.
  expect((await page.request.get(WEB_MANIFEST_HREF)).status()).toBe(200)
})
