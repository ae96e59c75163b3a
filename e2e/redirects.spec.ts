import { expect, test } from './support/test'
import { redirects, targetHref } from '~/content/redirects'
import { rawRequest } from './support/raw-request'

test('the redirect table has the 12 fixed paths and the 16 city paths', () => {
  expect(redirects).toHaveLength(28)
  expect(new Set(redirects.map((r) => r.from)).size).toBe(28)
})

for (const redirect of redirects) {
  const expected = targetHref(redirect.target)
  test(`${redirect.from} answers 301 to ${expected}`, async ({ request }) => {
    const response = await request.get(redirect.from, { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    const location = response.headers()['location'] ?? ''
    const url = new URL(location, 'http://x')
    expect(url.pathname + url.search + url.hash).toBe(expected)
  })
}

test('a redirect followed in the browser replaces history', async ({ page }) => {
  await page.goto('/contact')
  await page.evaluate(() => {
    window.history.pushState({}, '', '/roof-pressure-washing')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page).toHaveURL(/\/services\?tab=roof$/)
  await page.goBack()
  // /roof-pressure-washing was replaced, so one step back is the contact page.
  await expect(page).toHaveURL(/\/contact$/)
})

test('old links with a trailing slash or capitals reach their target in one 301', async ({ request }) => {
  for (const path of ['/Blog/', '/blog/', '/BLOG']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(301)
    expect(response.headers()['location'], path).toMatch(/\/reviews$/)
  }
})

test('a trailing slash on a page answers 301 to the page, query kept', async ({ request }) => {
  const response = await request.get('/services/?tab=roof', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers()['location']).toBe('/services?tab=roof')
})

/** The path exactly as written: a browser or fetch would read `//evil.com/` as another host before sending it. */
async function rawGet(baseURL: string, path: string): Promise<{ status: number; location: string | undefined }> {
  const { status, headers } = await rawRequest(baseURL, { path })
  return { status, location: headers.location }
}

test('a path that starts like another host never redirects off the site', async ({ baseURL }) => {
  const hostile = [
    '//evil.com/',
    '//evil.com/x/',
    '/\\evil.com/',
    '///evil.com/',
    '/\\/evil.com/',
    '//evil.com/about-us/',
    '//evil.com/?cities=junk',
    '//?cities=junk',
    '//services?tab=bogus',
    '/\\evil.com?cities=junk',
  ]
  for (const path of hostile) {
    const { status, location } = await rawGet(baseURL!, path)
    expect(status, path).toBeLessThan(500)
    if (location === undefined) continue
    // As a browser resolves it: the same origin, and a path that is not itself a host.
    const target = new URL(location, baseURL)
    expect(target.origin, `${path} → ${location}`).toBe(new URL(baseURL!).origin)
    expect(location, path).not.toMatch(/^[/\\]{2}|^\/\\/)
  }
  // The trailing-slash hop still works, on the collapsed path.
  expect(await rawGet(baseURL!, '//evil.com/x/')).toEqual({ status: 301, location: '/evil.com/x' })
})
