import { expect, test } from '@playwright/test'

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
  const scripts = await page.locator('script[src], link[rel=modulepreload]').evaluateAll((nodes) =>
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

test('server functions refuse cross-site requests (CSRF)', async ({ request }) => {
  const response = await request.post('/_serverFn/anything', {
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example', 'Content-Type': 'application/json' },
    data: '{}',
  })
  expect(response.status()).toBe(403)
})
