import fc from 'fast-check'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createHtmlCache, htmlCacheFromEnvironment } from '../../app/server/http/html-cache.server'
import { pageUrl } from '../../app/server/http/page-url.server'

/** A stand-in for the renderer: each render differs (its count), as dehydrated data does. */
function pageRenderer(
  options: { status?: number; headers?: Record<string, string>; body?: (count: number) => string } = {},
) {
  let renders = 0
  const render = async (_request: Request) => {
    renders++
    const body =
      options.body?.(renders) ??
      `<!DOCTYPE html><html><head><style>body{color:#123}</style><script>self.a=${renders}</script></head><body><h1>Render ${renders}</h1><script type="module" src="/assets/main.js"></script></body></html>`
    return new Response(body, {
      status: options.status ?? 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-render${renders}'`,
        ...options.headers,
      },
    })
  }
  return { render, renders: () => renders }
}

function request(path = '/', init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, init)
}

async function html(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer())
  return response.headers.get('Content-Encoding') === 'gzip'
    ? gunzipSync(bytes).toString('utf8')
    : bytes.toString('utf8')
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 20))
}

/** One visit to `/`, read to the end, and the moment the cache needs to store what it rendered. */
async function visitHome(
  pages: Pick<ReturnType<typeof createHtmlCache>, 'serve'>,
  renderer: ReturnType<typeof pageRenderer>,
) {
  await html(await pages.serve(request(), renderer.render))
  await settle()
}

function cache(overrides: Partial<Parameters<typeof createHtmlCache>[0]> = {}) {
  return createHtmlCache({ freshMs: 10_000, keepMs: 60_000, maxBytes: 1024 * 1024, ...overrides })
}

describe('page cache', () => {
  it('serves a rendered page again without rendering: the same bytes and policy for every visitor', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    const first = await pages.serve(request(), renderer.render)
    expect(first.headers.get('X-Page-Cache')).toBe('miss')
    const firstHtml = await html(first)

    const replies = await Promise.all(
      [1, 2, 3].map(() => pages.serve(request('/', { headers: { 'Accept-Encoding': 'gzip, br' } }), renderer.render)),
    )
    expect(renderer.renders()).toBe(1)
    const gzipped = await Promise.all(replies.map(async (reply) => Buffer.from(await reply.arrayBuffer())))
    for (const [index, reply] of replies.entries()) {
      expect(reply.headers.get('X-Page-Cache')).toBe('hit')
      expect(reply.headers.get('Content-Encoding')).toBe('gzip')
      expect(reply.headers.get('Content-Security-Policy')).toBe(first.headers.get('Content-Security-Policy'))
      expect(gzipped[index]).toEqual(gzipped[0])
      expect(gunzipSync(gzipped[index]!).toString('utf8')).toBe(firstHtml)
    }
  })

  it('answers a client that takes no compression with the plain page and its length', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    await visitHome(pages, renderer)
    const reply = await pages.serve(request(), renderer.render)
    const body = await html(reply)
    expect(reply.headers.get('Content-Encoding')).toBeNull()
    expect(Number(reply.headers.get('Content-Length'))).toBe(Buffer.byteLength(body))
    expect(body).toContain('<h1>Render 1</h1>')
  })

  it('keeps the bytes of any page exact through the stored gzip', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 6000 }), async (text) => {
        const pages = cache()
        const renderer = pageRenderer({ body: () => text })
        await visitHome(pages, renderer)
        const reply = await pages.serve(request('/', { headers: { 'Accept-Encoding': 'gzip' } }), renderer.render)
        expect(reply.headers.get('X-Page-Cache')).toBe('hit')
        expect(await html(reply)).toBe(text)
      }),
      { numRuns: 60 },
    )
  })

  it('lets requests that arrive while a cold page renders share that one render', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => pages.serve(request('/gallery'), renderer.render)))
    const bodies = await Promise.all(replies.map(html))
    expect(renderer.renders()).toBe(1)
    for (const body of bodies) expect(body).toContain('Render 1')
  })

  it('serves a stale page at once and renders a fresh one in the background, once', async () => {
    let clock = 0
    const pages = cache({ freshMs: 1000, keepMs: 5000, now: () => clock })
    const renderer = pageRenderer()
    await visitHome(pages, renderer)

    clock = 1500
    const stale = await Promise.all([1, 2].map(() => pages.serve(request(), renderer.render)))
    for (const reply of stale) expect(await html(reply)).toContain('Render 1')
    await settle()
    expect(renderer.renders()).toBe(2)
    expect(await html(await pages.serve(request(), renderer.render))).toContain('Render 2')

    clock = 1500 + 6000 // past keepMs: rendered again while the visitor waits
    expect(await html(await pages.serve(request(), renderer.render))).toContain('Render 3')
  })

  it('keeps pages apart by path and query string', async () => {
    const pages = cache()
    const renderer = pageRenderer({ body: (count) => `<p>page ${count}</p>` })
    await html(await pages.serve(request('/services?tab=roof'), renderer.render))
    await html(await pages.serve(request('/services?tab=patio'), renderer.render))
    await settle()
    expect(await html(await pages.serve(request('/services?tab=roof'), renderer.render))).toContain('page 1')
    expect(await html(await pages.serve(request('/services?tab=patio'), renderer.render))).toContain('page 2')
    expect(renderer.renders()).toBe(2)
  })

  it('serves a page asked for with marketing parameters from the page of the plain address', async () => {
    const pages = cache({ pageUrl: (url) => pageUrl(url, (pathname) => (pathname === '/services' ? ['tab'] : [])) })
    const asked: string[] = []
    const renderer = pageRenderer()
    const render = (incoming: Request) => {
      asked.push(incoming.url)
      return renderer.render(incoming)
    }
    const plain = await html(await pages.serve(request('/services?tab=roof'), render))
    const reply = await pages.serve(request(`/services?tab=roof&utm_source=x${Math.random()}&gclid=y`), render)
    expect(reply.headers.get('X-Page-Cache')).toBe('hit')
    expect(await html(reply)).toBe(plain)

    // A first visit with parameters is rendered from, and kept under, the plain address.
    await html(await pages.serve(request('/gallery?fbclid=abc&ref=mail'), render))
    expect(asked).toEqual(['http://localhost/services?tab=roof', 'http://localhost/gallery'])
    expect((await pages.serve(request('/gallery'), render)).headers.get('X-Page-Cache')).toBe('hit')
  })

  it.each([
    ['a POST', request('/', { method: 'POST', body: 'x' }), {}],
    ['a server function call', request('/_serverFn/abc'), {}],
    ['a 404 page', request('/missing'), { status: 404 }],
    ['a page that sets a cookie', request(), { headers: { 'Set-Cookie': 'a=1' } }],
    [
      'a page marked no-store',
      request('/quote-request?status=sent'),
      { headers: { 'Cache-Control': 'private, no-store' } },
    ],
    ['a non-HTML answer', request('/robots.txt'), { headers: { 'Content-Type': 'text/plain' } }],
  ] as const)('never shares %s', async (_name, incoming, options) => {
    const pages = cache()
    const renderer = pageRenderer(options)
    for (let i = 0; i < 2; i++) {
      const reply = await pages.serve(incoming.clone(), renderer.render)
      await reply.arrayBuffer()
      await settle()
      expect(reply.headers.get('X-Page-Cache')).toBeNull()
    }
    expect(renderer.renders()).toBe(2)
    expect(pages.size).toBe(0)
  })

  it('answers HEAD from the cache without a body', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    await visitHome(pages, renderer)
    const reply = await pages.serve(request('/', { method: 'HEAD' }), renderer.render)
    expect(reply.headers.get('X-Page-Cache')).toBe('hit')
    expect(reply.body).toBeNull()
  })

  it('drops the least recently used pages beyond its memory bound', async () => {
    const pages = cache({ maxBytes: 6000 })
    const renderer = pageRenderer({
      body: (count) => `<p>${count}</p>${'x'.repeat(1500)}`,
    })
    for (const path of ['/a', '/b', '/c', '/d']) {
      await html(await pages.serve(request(path), renderer.render))
      await settle()
    }
    expect(pages.size).toBeLessThan(4)
    expect(await html(await pages.serve(request('/d'), renderer.render))).toContain('<p>4</p>')
    expect(await html(await pages.serve(request('/a'), renderer.render))).toContain('<p>5</p>')
  })

  it('is off with HTML_CACHE_SECONDS=0', async () => {
    const pages = htmlCacheFromEnvironment({ HTML_CACHE_SECONDS: '0' })
    const renderer = pageRenderer()
    for (let i = 0; i < 2; i++) {
      await visitHome(pages, renderer)
    }
    expect(renderer.renders()).toBe(2)
  })
})
