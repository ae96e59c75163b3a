// Each page from the production server: status codes, headings, 404s and not-found in the browser's history;
// tests/server/page-url.test.ts holds the address rules as functions.
import { expect, test } from './support/test'
import { epoxy } from '~/content/services'

const pages = [
  { path: '/', heading: /Top Rated/ },
  { path: '/services', heading: 'Our Pressure Washing Services' },
  { path: '/epoxy', heading: epoxy.title },
  { path: '/gallery', heading: 'Before & After Gallery' },
  { path: '/reviews', heading: 'Customer Reviews' },
  { path: '/contact', heading: 'Contact Us' },
  // Each city page: pages.spec.ts, in the same load as its content.
]

for (const { path, heading } of pages) {
  test(`${path} answers 200 with its heading, header and footer`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('© 2025')
  })
}

test('unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})

for (const path of ['/services/extra/segments', '/404']) {
  test(`${path} answers 404 with the not-found page`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status()).toBe(404)
    expect(await response.text()).toContain('Oops! Page not found')
  })
}

test('unknown city slug lands on /404 with HTTP 404, never 200', async ({ page, request }) => {
  const first = await request.get('/city/nowhere', { maxRedirects: 0 })
  expect(first.status()).not.toBe(200)
  expect([301, 302, 307, 308, 404]).toContain(first.status())

  const response = await page.goto('/city/nowhere')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
})

test('unknown city slug reached in the app replaces history with /404', async ({ page }) => {
  await page.goto('/contact')
  await page.evaluate(() => {
    window.history.pushState({}, '', '/city/atlantis')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
})

test('/services?tab=bogus resolves to concrete-sealing', async ({ page }) => {
  const response = await page.goto('/services?tab=bogus')
  expect(response?.status()).toBe(200)
  await expect(page.locator('#service-title')).toHaveText('Concrete & Paver Sealing')
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/services$/)
})
