import fc from 'fast-check'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import {
  createHtmlCache,
  htmlCacheFor,
  type HtmlCache,
  type PageRenderers,
} from '../../app/platform/http/html-cache.server'
import { finalizeResponse, HTML_CACHE_CONTROL } from '../../app/platform/http/http.server'
import { pageAddress } from '../../app/platform/http/page-url.server'
import { parseRuntimeConfig } from '../../app/platform/config.server'
import warmUp from '../../app/platform/http/nitro-warm-up.server'
import { captureLog } from '../support/log-capture'

/**
 * Stand-ins for the two renders: the live one streams to one visitor, the complete one is stored. Each render
 * differs (its count), as dehydrated data does.
 */
function pageRenderer(
  options: { status?: number; headers?: Record<string, string>; body?: (count: number) => string } = {},
) {
  let live = 0
  let complete = 0
  const respond = (kind: string, count: number) => {
    const body =
      options.body?.(count) ??
      `<!DOCTYPE html><html><head><style>body{color:#123}</style><script>self.a=${count}</script></head><body><h1>${kind} ${count}</h1><script type="module" src="/assets/main.js"></script></body></html>`
    return new Response(body, {
      status: options.status ?? 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-${kind}${count}'`,
        ...options.headers,
      },
    })
  }
  const renderers: PageRenderers = {
    live: async () => respond('Live', ++live),
    complete: async () => respond('Complete', ++complete),
  }
  return { renderers, live: () => live, complete: () => complete }
}

function request(path = '/', init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, init)
}

async function html(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('Content-Encoding')
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
  return plain.toString('utf8')
}

/** One visit, read to the end, and the complete render it started stored. */
async function visit(pages: HtmlCache, renderer: ReturnType<typeof pageRenderer>, path = '/') {
  const body = await html(await pages.serve(request(path), renderer.renderers))
  await pages.idle()
  return body
}

/** The declared search of a site whose pages refuse only ?tab=bogus. */
const refusingBogusTab = (_pathname: string, search: string) =>
  new URLSearchParams(search).get('tab') === 'bogus' ? { search: '', refused: ['tab'] } : { search, refused: [] }

function cache(overrides: Partial<Parameters<typeof createHtmlCache>[0]> = {}) {
  return createHtmlCache({ freshMs: 10_000, keepMs: 60_000, maxBytes: 1024 * 1024, ...overrides })
}

/** A cache holding the page at / after one visit, rendered by the stand-ins `options` make. */
async function visited(options?: Parameters<typeof pageRenderer>[0]) {
  const pages = cache()
  const renderer = pageRenderer(options)
  await visit(pages, renderer)
  return { pages, renderer }
}

describe('page cache', () => {
  it('streams a miss to its visitor, then serves every visitor the same stored complete render', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    const first = await pages.serve(request(), renderer.renderers)
    expect(first.headers.get('X-Page-Cache')).toBe('miss')
    expect(await html(first)).toContain('<h1>Live 1</h1>')
    await pages.idle()

    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        pages.serve(request('/', { headers: { 'Accept-Encoding': 'gzip, br' } }), renderer.renderers),
      ),
    )
    expect([renderer.live(), renderer.complete()]).toEqual([1, 1])
    const stored = await Promise.all(replies.map(async (reply) => Buffer.from(await reply.arrayBuffer())))
    for (const [index, reply] of replies.entries()) {
      expect(reply.headers.get('X-Page-Cache')).toBe('hit')
      expect(reply.headers.get('Content-Encoding')).toBe('br')
      expect(reply.headers.get('Content-Security-Policy')).toContain("'sha256-Complete1'")
      expect(stored[index]).toEqual(stored[0])
      expect(brotliDecompressSync(stored[index]!).toString('utf8')).toContain('<h1>Complete 1</h1>')
    }
  })

  it('the warm-up says "home page rendered" once home is stored: its first visitor is served it whole', async () => {
    const log = captureLog()
    const renderer = pageRenderer()
    let store!: () => void
    const storing = new Promise<void>((resolve) => (store = resolve))
    let completeBegun = false
    const complete: PageRenderers['complete'] = async (page) => {
      completeBegun = true
      await storing
      return renderer.renderers.complete(page)
    }
    const pages = htmlCacheFor(10)
    const nitroApp = { fetch: (request: Request) => pages.serve(request, { ...renderer.renderers, complete }) }
    warmUp(nitroApp as unknown as Parameters<typeof warmUp>[0])
    const warmedUp = () => log.records().filter((line) => line.scope === 'warm-up')
    await vi.waitFor(() => expect(completeBegun).toBe(true))
    await new Promise(setImmediate) // what follows the live render's last byte has run
    expect(warmedUp()).toEqual([])
    store()
    await vi.waitFor(() =>
      expect(warmedUp().map((line) => [line.msg, line.status])).toEqual([['home page rendered', 200]]),
    )
    expect((await pages.serve(request(), renderer.renderers)).headers.get('X-Page-Cache')).toBe('hit')
  })

  it('starts the complete render only once the visitor has the whole live one, so they never compete', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    const live = await pages.serve(request(), renderer.renderers)
    await pages.idle()
    expect(renderer.complete()).toBe(0)
    await html(live)
    await pages.idle()
    expect(renderer.complete()).toBe(1)
  })

  it('answers a client that takes no compression with the plain page and its length', async () => {
    const { pages, renderer } = await visited()
    const reply = await pages.serve(request(), renderer.renderers)
    const body = await html(reply)
    expect(reply.headers.get('Content-Encoding')).toBeNull()
    expect(Number(reply.headers.get('Content-Length'))).toBe(Buffer.byteLength(body))
    expect(body).toContain('<h1>Complete 1</h1>')
  })

  it('keeps the bytes of any page exact through the stored gzip and brotli', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 6000 }), async (text) => {
        const { pages, renderer } = await visited({ body: () => text })
        for (const encoding of ['gzip', 'br']) {
          const reply = await pages.serve(
            request('/', { headers: { 'Accept-Encoding': encoding } }),
            renderer.renderers,
          )
          expect([reply.headers.get('X-Page-Cache'), reply.headers.get('Content-Encoding')]).toEqual(['hit', encoding])
          expect(await html(reply)).toBe(text)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('streams to each visitor who arrives while a cold page renders, and stores it once', async () => {
    const pages = cache()
    const renderer = pageRenderer()
    const bodies = await Promise.all(
      [1, 2, 3, 4, 5].map(() => pages.serve(request('/gallery'), renderer.renderers).then(html)),
    )
    await pages.idle()
    expect(bodies.every((body) => body.includes('<h1>Live'))).toBe(true)
    expect([renderer.live(), renderer.complete()]).toEqual([5, 1])
    expect(await html(await pages.serve(request('/gallery'), renderer.renderers))).toContain('<h1>Complete 1</h1>')
  })

  it('serves a stale page at once and renders a complete one in the background, once', async () => {
    let clock = 0
    const pages = cache({ freshMs: 1000, keepMs: 5000, now: () => clock })
    const renderer = pageRenderer()
    await visit(pages, renderer)

    clock = 1500
    const stale = await Promise.all([1, 2].map(() => pages.serve(request(), renderer.renderers)))
    for (const reply of stale) expect(await html(reply)).toContain('Complete 1')
    await pages.idle()
    expect([renderer.live(), renderer.complete()]).toEqual([1, 2])
    expect(await html(await pages.serve(request(), renderer.renderers))).toContain('Complete 2')

    clock = 1500 + 6000 // past keepMs: a live render for the visitor, a complete one for the cache
    expect(await visit(pages, renderer)).toContain('Live 2')
    expect(await html(await pages.serve(request(), renderer.renderers))).toContain('Complete 3')
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
  ] as const)('never shares %s, nor renders it twice', async (_name, incoming, options) => {
    const pages = cache()
    const renderer = pageRenderer(options)
    for (let i = 0; i < 2; i++) {
      const reply = await pages.serve(incoming.clone(), renderer.renderers)
      await reply.arrayBuffer()
      await pages.idle()
      expect(reply.headers.get('X-Page-Cache')).toBeNull()
    }
    expect([renderer.live(), renderer.complete()]).toEqual([2, 0])
    expect(pages.size).toBe(0)
  })

  it('answers HEAD from the cache without a body', async () => {
    const { pages, renderer } = await visited()
    const reply = await pages.serve(request('/', { method: 'HEAD' }), renderer.renderers)
    expect(reply.headers.get('X-Page-Cache')).toBe('hit')
    expect(reply.body).toBeNull()
  })

  it('drops the least recently used pages beyond its memory bound', async () => {
    const pages = cache({ maxBytes: 6000 })
    const renderer = pageRenderer({ body: (count) => `<p>${count}</p>${'x'.repeat(1500)}` })
    for (const path of ['/a', '/b', '/c', '/d']) await visit(pages, renderer, path)
    expect(pages.size).toBeLessThan(4)
    expect(await html(await pages.serve(request('/d'), renderer.renderers))).toContain('<p>4</p>')
    expect(renderer.live()).toBe(4)
    await html(await pages.serve(request('/a'), renderer.renderers))
    expect(renderer.live()).toBe(5)
  })

  it('serves a stored page for ten minutes past its freshness, as long as a CDN may, then renders it live', async () => {
    expect(HTML_CACHE_CONTROL).toContain('stale-while-revalidate=600')
    const keptMs = (10 + 600) * 1000
    for (const [age, expected] of [
      [keptMs - 1, 'hit'],
      [keptMs, 'miss'],
    ] as const) {
      let clock = 0
      const pages = htmlCacheFor(
        parseRuntimeConfig({ HTML_CACHE_SECONDS: '10' }).htmlCacheSeconds,
        undefined,
        () => clock,
      )
      const renderer = pageRenderer()
      await visit(pages, renderer)
      clock = age
      const reply = await pages.serve(request(), renderer.renderers)
      await html(reply)
      expect(reply.headers.get('X-Page-Cache')).toBe(expected)
    }
  })

  it('is off with HTML_CACHE_SECONDS=0: every visitor gets a live render, and no X-Page-Cache', async () => {
    const pages = htmlCacheFor(parseRuntimeConfig({ HTML_CACHE_SECONDS: '0' }).htmlCacheSeconds)
    const renderer = pageRenderer()
    for (let i = 0; i < 2; i++) {
      const reply = await pages.serve(request(), renderer.renderers)
      await html(reply)
      await pages.idle()
      expect(reply.headers.get('X-Page-Cache')).toBeNull()
    }
    expect([renderer.live(), renderer.complete()]).toEqual([2, 0])
  })
})

// docs/decisions/005-gzip-page-cache.md: a stored page is compressed once, and srvx writes those bytes as they are.
describe('a stored page on its way out (finalizeResponse)', () => {
  const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' }
  const page = `<!DOCTYPE html><html><body>${'<p>Driveways, roofs and patios, cleaned.</p>'.repeat(100)}</body></html>`

  it('names Accept-Encoding once in Vary when the render already varies on it', async () => {
    const { pages, renderer } = await visited({ body: () => page, headers: { Vary: 'Accept-Encoding' } })
    const stored = await pages.serve(request('/', { headers: browser }), renderer.renderers)
    expect(stored.headers.get('X-Page-Cache')).toBe('hit')
    expect(stored.headers.get('Vary')).toBe('Accept-Encoding')
  })

  it('hands the stored brotli back untouched: the same bytes on every reply, compressed once', async () => {
    const { pages, renderer } = await visited({ body: () => page })
    const before = Buffer.from(
      await (await pages.serve(request('/', { headers: browser }), renderer.renderers)).arrayBuffer(),
    )

    const incoming = request('/', { headers: browser })
    const stored = await pages.serve(incoming, renderer.renderers)
    const finished = await finalizeResponse(incoming, stored)
    expect(finished).toBe(stored) // the same object, so the server still writes its buffer as it is
    expect(finished.headers.get('Content-Encoding')).toBe('br')
    expect(finished.headers.get('Vary')).toBe('Accept-Encoding')
    expect(finished.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const bytes = Buffer.from(await finished.arrayBuffer())
    expect(bytes).toEqual(before)
    expect(Number(finished.headers.get('Content-Length'))).toBe(bytes.length)
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(page)
  })

  it('answers a client that takes gzip but not brotli with the stored gzip', async () => {
    const { pages, renderer } = await visited({ body: () => page })
    const incoming = request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br;q=0' } })
    const finished = await finalizeResponse(incoming, await pages.serve(incoming, renderer.renderers))
    expect(finished.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await finished.arrayBuffer())).toString('utf8')).toBe(page)
  })

  it('hands a redirect back with its status and Location and no body, also one whose headers cannot change', async () => {
    const pages = cache({ pageAddress: (url) => pageAddress(url, refusingBogusTab) })
    const renderer = pageRenderer()
    const incoming = request('/services?tab=bogus', { headers: browser })
    const redirect = await pages.serve(incoming, renderer.renderers)
    const finished = await finalizeResponse(incoming, redirect)
    expect(finished).toBe(redirect)
    expect(finished.status).toBe(307)
    expect(finished.headers.get('Location')).toBe('/services')
    expect(finished.headers.get('Content-Encoding')).toBeNull()
    expect(finished.body).toBeNull()

    // Response.redirect() freezes its headers: the site's are set on a copy.
    const frozen = Response.redirect('http://localhost/services', 308)
    const copied = await finalizeResponse(request('/services/', { headers: browser }), frozen)
    expect(copied.status).toBe(308)
    expect(copied.headers.get('Location')).toBe('http://localhost/services')
    expect(copied.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(copied.headers.get('Content-Encoding')).toBeNull()
    expect(copied.body).toBeNull()
    expect(renderer.live()).toBe(0)
  })
})
