// The production server process: headers, compression, CSP nonces and hashes, the page cache, SIGTERM, warm-up;
// tests/server/html-cache.test.ts and page-url.test.ts hold the same rules as functions.
import { expect, test } from './support/test'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { logged, startSiteServer, siteServerForAll } from './support/site-server'
import { openSiteDatabase } from '../tests/support/site-process'
import { routeKinds } from '../tests/support/route-kinds'
import { cspViolations } from './support/csp'
import { contact, fillLeadFields, postPlainLead, SENT_LOCATION, submitLeadForm } from './support/lead-form'
import { site } from '~/content/site'
import { homeHero } from '~/content/home'

test('HTML carries security headers and a CDN-friendly Cache-Control', async ({ request }) => {
  // The stored copy: a render after the page cache let its copy go streams, uncached (decision 029).
  let headers: Record<string, string> = {}
  await expect.poll(async () => (headers = (await request.get('/')).headers())['x-page-cache']).toBe('hit')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['cache-control']).toMatch(/public/)
  expect(headers['cache-control']).toMatch(/s-maxage=\d+/)
  expect(headers['cache-control']).toMatch(/stale-while-revalidate=\d+/)
})

test('HTML is compressed on the wire', async ({ request }) => {
  for (const encoding of ['br', 'gzip']) {
    const response = await request.fetch('/', { headers: { 'Accept-Encoding': encoding } })
    expect(response.headers()['content-encoding']).toBe(encoding)
    expect(await response.text()).toContain('</html>')
  }
})

test('hashed assets are served compressed with long immutable caching', async ({ page, request }) => {
  await page.goto('/')
  const scripts = await page
    .locator('script[src], link[rel=modulepreload]')
    .evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('src') ?? n.getAttribute('href')).filter((src): src is string => !!src),
    )
  const asset = scripts.find((src) => src.startsWith('/assets/'))
  expect(asset).toBeTruthy()
  const response = await request.fetch(asset!, { headers: { 'Accept-Encoding': 'br, gzip' } })
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toMatch(/max-age=31536000/)
  expect(response.headers()['cache-control']).toMatch(/immutable/)
  expect(['br', 'gzip']).toContain(response.headers()['content-encoding'])
})

test('a hashed asset or image that is missing answers a short 404 no cache may keep', async ({ request }) => {
  for (const path of ['/assets/index-0000000000000000.js', '/img/gallery-missing.0000000000-640.avif']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    // Not the year-long immutable header the folder's files carry, and not the HTML 404 page.
    expect(response.headers()['cache-control'], path).toBe('no-store')
    expect(response.headers()['content-type'], path).toMatch(/^text\/plain/)
    expect((await response.body()).length, path).toBeLessThan(100)
  }
})

/** The hashes a page's own inline scripts need (JSON-LD is data, never run). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`)
}

/** Pages the cache never stores: one visitor's result, and an unknown address. */
const NEVER_STORED = new Set(['/quote-request?status=sent', routeKinds.find(({ kind }) => kind === '404')!.path])

test('every route kind runs its scripts under a nonce when streamed, a hash when stored, and hydrates', async ({
  page,
}) => {
  test.setTimeout(90_000) // every route kind, twice, each to network idle
  const violations = cspViolations(page)
  const visit = async (path: string) => {
    const response = (await page.goto(path))!
    const policy = response.headers()['content-security-policy'] ?? ''
    const scriptSrc = policy.match(/script-src ([^;]*)/)?.[1] ?? ''
    expect(scriptSrc, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'/)
    expect(policy, path).toContain("object-src 'none'")
    expect(policy, path).toContain("frame-ancestors 'none'")
    // No featured video here: media from this origin only (default-src), not from any https host.
    expect(policy, path).toMatch(/^default-src 'self';/)
    expect(policy, path).not.toContain('media-src')
    // Read from the body: the streamed scripts remove themselves once run.
    const html = await response.text()
    const nonce = scriptSrc.match(/'nonce-([0-9a-f]{32})'/)?.[1]
    if (response.headers()['x-page-cache'] === 'hit') {
      expect(scriptSrc, path).not.toContain("'nonce-")
      expect(html, path).not.toMatch(/\bnonce=/)
      const hashes = inlineScriptHashes(html)
      expect(hashes.length, path).toBeGreaterThan(0)
      for (const hash of hashes) expect(scriptSrc, path).toContain(hash)
    } else {
      // A live render: its nonce is for this visitor only, so no shared cache may keep it.
      expect(nonce, path).toBeDefined()
      expect(response.headers()['cache-control'], path).toBe('private, no-store')
      for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)) {
        if (!/\ssrc=|type="application\/ld\+json"/.test(attributes))
          expect(attributes, path).toContain(`nonce="${nonce}"`)
      }
    }
    await expect(page.locator('html'), path).toHaveAttribute('data-hydrated', 'true')
    await page.waitForLoadState('networkidle')
    return response.headers()['x-page-cache'] ?? 'live'
  }
  for (const path of [...routeKinds.map(({ path }) => path), '/quote-request?status=sent']) {
    await visit(path)
    if (NEVER_STORED.has(path)) continue
    await expect.poll(async () => (await page.request.get(path)).headers()['x-page-cache'], path).toBe('hit')
    expect(await visit(path), path).toBe('hit')
  }
  expect(violations).toEqual([])
})

test('under the hash policy a visitor moves between pages in the app and sends a quote request', async ({ page }) => {
  const violations = cspViolations(page)
  await page.clock.install()
  await page.goto('/reviews')
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page
    .getByRole('banner')
    .getByRole('link', { name: `${site.name}, home` })
    .click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(homeHero.headline.highlight)
  // Moved in the app: the document (and the marker set on it) is still the one loaded first.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)

  await page.clock.runFor(2_500) // the form's code loads at idle
  const form = page.locator('.quote-request-form').first()
  await expect(form.locator('form[data-interactive="true"]')).toBeAttached()
  await fillLeadFields(form, contact(`Csp${Date.now().toString(36)}`, '9165550100'))
  await submitLeadForm(page, form)
  expect(violations).toEqual([])
})

test.describe('with pages kept ten minutes, so no background render replaces one between requests', () => {
  test.describe.configure({ mode: 'serial' })
  const server = siteServerForAll({ HTML_CACHE_SECONDS: '600' })

  async function get(path: string, encoding = 'gzip') {
    const response = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': encoding } })
    return { response, bytes: Buffer.from(await response.arrayBuffer()) }
  }

  /** After the first visit's complete render is stored. */
  async function getStored(path: string, encoding = 'gzip') {
    await expect.poll(async () => (await get(path)).response.headers.get('x-page-cache'), path).toBe('hit')
    return get(path, encoding)
  }

  test('two requests for the same page get the same bytes and the same policy', async () => {
    for (const path of ['/', '/services?tab=roof', '/city/folsom']) {
      for (const encoding of ['gzip', 'identity']) {
        const [first, second] = [await getStored(path, encoding), await get(path, encoding)]
        expect(second.response.headers.get('content-security-policy'), path).toBe(
          first.response.headers.get('content-security-policy'),
        )
        expect(second.bytes.equals(first.bytes), `${path} ${encoding}`).toBe(true)
      }
    }
  })

  test('a visit with ad-click parameters is served the stored page of the plain address', async () => {
    const random = () => Math.random().toString(36).slice(2)
    const marketing = () => `utm_source=${random()}&utm_campaign=${random()}&gclid=${random()}&fbclid=${random()}`
    for (const [path, withParameters] of [
      ['/', `/?${marketing()}&msclkid=${random()}`],
      ['/services?tab=roof', `/services?${marketing()}&tab=roof`],
      ['/city/folsom', `/city/folsom?${marketing()}&ref=${random()}`],
    ] as const) {
      const plain = await getStored(path)
      const visit = await get(withParameters)
      expect(visit.response.headers.get('x-page-cache'), withParameters).toBe('hit')
      expect(visit.bytes.equals(plain.bytes), withParameters).toBe(true)
    }
    // The page a tab reads stays its own.
    expect((await getStored('/services?tab=patio')).bytes.equals((await get('/services?tab=roof')).bytes)).toBe(false)
  })

  test('a parameter value a page refuses is answered as the router answers it with no page stored', async () => {
    const uncached = await startSiteServer({ HTML_CACHE_SECONDS: '0' })
    for (const path of ['/', '/services']) await getStored(path)
    for (const path of [
      '/?cities=123&x=1',
      '/?utm_source=a&cities=abc&gclid=z',
      '/services?tab=bogus&ref=2',
      '/quote-request?status=invented&photos=hi',
      '/?cities=all',
      '/services?tab=r%6Fof',
    ]) {
      const answers = await Promise.all(
        [server, uncached].map(async ({ url }) => {
          const response = await fetch(`${url}${path}`, { redirect: 'manual' })
          await response.body?.cancel()
          return `${response.status} ${response.headers.get('location')}`
        }),
      )
      expect(answers[0], path).toBe(answers[1])
    }
  })

  test('a page opened from an ad keeps a clean canonical link and hydrates at its address', async ({ page }) => {
    const value = Math.random().toString(36).slice(2)
    const response = await page.goto(`${server.url}/city/folsom?utm_source=${value}&gclid=${value}`)
    expect(await response?.text()).not.toContain(value)
    const canonical = new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!)
    expect(`${canonical.pathname}${canonical.search}`).toBe('/city/folsom')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(page.url()).toContain(`gclid=${value}`) // the visitor's address is left as it was
  })
})

test('on SIGTERM the server finishes, closes its database, lets go of its data folder and exits by itself', async () => {
  const server = await startSiteServer()
  // The data folder's lock, held from the start on either database (decision 030).
  const lock = join(server.dataDir, 'pglite.lock')
  expect(existsSync(lock)).toBe(true)
  await server.stop() // SIGTERM; stop() falls back to SIGKILL after 5 s
  expect(server.ended()).toEqual({ code: 0, signal: null })
  // It exits only once the database has closed; a failure to close is logged.
  expect(logged(server.records(), 'server', 'closing the database failed')).toEqual([])
  expect(existsSync(lock)).toBe(false)
})

test('a server whose log reader has gone keeps serving pages and storing quotes, and stops on SIGTERM', async () => {
  const server = await startSiteServer({ QUOTE_MIN_FILL_MS: '0' })
  server.closeOutput()
  // Storing a lead writes a log line: the first write into the closed pipe.
  const answer = await postPlainLead(server.url, contact('Unlogged', '9165550131'))
  expect(answer.headers.get('location')).toMatch(SENT_LOCATION)
  for (const path of ['/', '/no-such-page', '/robots.txt']) {
    const page = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) })
    expect(page.status, path).toBe(path === '/no-such-page' ? 404 : 200)
  }
  await server.stop() // a server stuck at 100% CPU is killed after 5 s
  expect(server.ended()).toEqual({ code: 0, signal: null })
  const db = await openSiteDatabase(server)
  try {
    const rows = await db.selectFrom('leads').select('first_name').execute()
    expect(rows.map((row) => row.first_name)).toContain('Unlogged')
  } finally {
    await db.close()
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a started server renders the home page by itself: its first visitor gets the whole stored page', async ({
    page,
  }) => {
    const server = await startSiteServer()
    // startSiteServer returns once the server says it has rendered the home page by itself.
    expect(logged(server.records(), 'warm-up', 'home page rendered').map((line) => line.status)).toEqual([200])
    expect((await page.goto(`${server.url}/`))!.headers()['x-page-cache']).toBe('hit')
    // The stored reviews (supabase/seed.sql), read from the database during that render.
    await expect(page.getByRole('region', { name: 'Customer reviews' })).toBeVisible()
    // The sections below the quote form, which the start-up render had streamed behind hidden markers.
    for (const id of ['gallery', 'about', 'service-areas', 'contact']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded()
      await expect(page.locator(`#${id}`).getByRole('heading').first()).toBeVisible()
    }
  })
})
