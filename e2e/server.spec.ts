import { expect, test } from './support/test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startSiteServer } from './support/site-server'
import { startSupabaseStub } from './support/supabase-stub'
import { cspViolations } from './support/csp'

test('HTML carries security headers and a CDN-friendly Cache-Control', async ({ request }) => {
  const response = await request.get('/')
  const headers = response.headers()
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

test('server functions refuse cross-site requests (CSRF)', async ({ request }) => {
  const response = await request.post('/_serverFn/anything', {
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example', 'Content-Type': 'application/json' },
    data: '{}',
  })
  expect(response.status()).toBe(403)
})

test('pages carry a nonce-based Content-Security-Policy that their own scripts satisfy', async ({ page, request }) => {
  const first = (await request.get('/')).headers()['content-security-policy'] ?? ''
  const second = (await request.get('/')).headers()['content-security-policy'] ?? ''
  const nonce = first.match(/'nonce-([0-9a-f]{32})'/)?.[1]
  expect(nonce, 'a 128-bit nonce in script-src').toBeTruthy()
  expect(second).not.toContain(nonce!)
  expect(first).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(first).toContain("frame-ancestors 'none'")
  expect(first).toContain("object-src 'none'")
  // No featured video here: media from this origin only, not from any https host.
  expect(first).toContain("media-src 'self';")

  const violations = cspViolations(page)
  for (const path of [
    '/',
    '/services?tab=roof',
    '/city/folsom',
    '/gallery',
    '/epoxy',
    '/contact',
    '/reviews',
    '/nope',
  ]) {
    const response = await page.goto(path)
    const policy = response?.headers()['content-security-policy'] ?? ''
    const pageNonce = policy.match(/'nonce-([0-9a-f]{32})'/)?.[1]
    // Every inline script the server wrote carries this response's nonce (read from the body:
    // the streamed scripts remove themselves once run).
    const html = (await response?.text()) ?? ''
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]!)
    expect(inline.length, path).toBeGreaterThan(0)
    expect(
      inline.filter((attributes) => !attributes.includes(`nonce="${pageNonce}"`)),
      path,
    ).toEqual([])
    await page.waitForLoadState('networkidle')
  }
  expect(violations).toEqual([])
})

test('a page served again from the page cache has its own nonce, and hydrates under its policy', async ({
  page,
  request,
}) => {
  await request.get('/epoxy') // rendered and kept
  const violations = cspViolations(page)
  const replies = []
  for (let i = 0; i < 2; i++) {
    const response = await page.goto('/epoxy')
    expect(response?.headers()['x-page-cache']).toBe('hit')
    replies.push(response?.headers()['content-security-policy']?.match(/'nonce-([0-9a-f]{32})'/)?.[1])
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // The streamed scripts remove themselves once run, so read the nonces the server wrote.
    const written = [...(await response!.text()).matchAll(/<script[^>]* nonce="([0-9a-f]+)"/g)].map((match) => match[1])
    expect(written.length).toBeGreaterThan(3)
    expect(new Set(written)).toEqual(new Set([replies[i]]))
  }
  expect(replies[0]).not.toBe(replies[1])
  expect(violations).toEqual([])
})

test('HSTS is sent only when the request came over HTTPS (behind a trusted proxy)', async ({ request }) => {
  expect((await request.get('/')).headers()['strict-transport-security']).toBeUndefined()
  const server = await startSiteServer({ TRUST_PROXY: 'true' })
  try {
    const overHttps = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
    const overHttp = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'http' } })
    expect(overHttp.headers.get('strict-transport-security')).toBeNull()
  } finally {
    await server.stop()
  }
})

test('on SIGTERM the server finishes, closes its database and exits by itself', async () => {
  const server = await startSiteServer()
  expect((await fetch(`${server.url}/`)).status).toBe(200) // the page reads reviews: the database is open
  expect(existsSync(join(server.dataDir, 'pglite.lock'))).toBe(true)
  await server.stop() // SIGTERM; stop() falls back to SIGKILL after 5 s
  expect(server.ended()).toEqual({ code: 0, signal: null })
  expect(existsSync(join(server.dataDir, 'pglite.lock'))).toBe(false)
})

test('a started server renders the home page by itself: the database is open and the first visitor gets the stored page', async () => {
  const server = await startSiteServer()
  try {
    // startSiteServer returns once the server says it has rendered the home page by itself.
    expect(server.output()).toMatch(/\[warm-up\] home page rendered \(200\)/)
    expect(existsSync(join(server.dataDir, 'pglite.lock'))).toBe(true)
    const response = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-page-cache')).toBe('hit')
    expect(await response.text()).toContain('</html>')
  } finally {
    await server.stop()
  }
})

test('a backend that refuses the site (401) is named in the log as the server starts, before any visitor (local stub of hosted Supabase)', async () => {
  const stub = await startSupabaseStub({
    functions: { 'fetch-reviews': { status: 401, body: { error: 'Unauthorized' } } },
  })
  const server = await startSiteServer({
    SUPABASE_URL: stub.url,
    SUPABASE_ANON_KEY: stub.anonKey,
    SITE_FUNCTION_SECRET: 'not-the-functions-secret',
  })
  try {
    await expect
      .poll(() => server.output())
      .toMatch(/fetch-reviews failed: .*401: the function refused the site; SITE_FUNCTION_SECRET must be the same/)
    const call = stub.requests.find((request) => request.path === '/functions/v1/fetch-reviews')
    expect(call?.headers['x-site-secret']).toBe('not-the-functions-secret')
  } finally {
    await server.stop()
    await stub.stop()
  }
})
