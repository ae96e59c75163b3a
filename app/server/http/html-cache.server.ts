import { constants, gzipSync } from 'node:zlib'
import { parseRuntimeConfig, serverEnv, type Env } from '../config.server'
import { acceptsEncoding } from './http.server'

/** Rendered pages kept as bytes, plain and gzip: docs/decisions/010-page-cache.md. */

export interface HtmlCacheOptions {
  /** 0 turns the cache off. */
  freshMs: number
  keepMs: number
  maxBytes: number
  now?: () => number
  /** The address a request's page is rendered and kept under (page-url.server.ts). */
  pageUrl?: (url: URL) => URL
}

type Render = (request: Request) => Response | Promise<Response>

interface CachedPage {
  status: number
  headers: Array<[string, string]>
  body: Buffer
  gzipped: Buffer
  renderedAt: number
  bytes: number
}

/** Only whole-page GETs and HEADs of ordinary URLs are shared between visitors. */
function isCacheableRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.headers.has('Authorization')) return false
  return !new URL(request.url).pathname.startsWith('/_serverFn/')
}

function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return false
  if (response.headers.has('Set-Cookie') || response.headers.has('Content-Encoding')) return false
  return !/no-store|no-cache|private/i.test(response.headers.get('Cache-Control') ?? '')
}

function storePage(response: Response, body: Buffer, renderedAt: number): CachedPage {
  const headers: Array<[string, string]> = []
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'date') headers.push([name, value])
  })
  // Compressed once per render, so a reply costs no compression (docs/decisions/005-gzip-page-cache.md).
  const gzipped = gzipSync(body, { level: constants.Z_BEST_COMPRESSION })
  return { status: response.status, headers, body, gzipped, renderedAt, bytes: body.length + gzipped.length }
}

function replay(page: CachedPage, request: Request, state: 'hit' | 'miss'): Response {
  const headers = new Headers(page.headers)
  headers.append('Vary', 'Accept-Encoding')
  let body = page.body
  if (acceptsEncoding(request.headers.get('Accept-Encoding'), 'gzip')) {
    body = page.gzipped
    headers.set('Content-Encoding', 'gzip')
  }
  headers.set('Content-Length', String(body.length))
  headers.set('X-Page-Cache', state)
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: page.status, headers })
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now
  const pages = new Map<string, CachedPage>()
  const rendering = new Map<string, Promise<CachedPage | null>>()
  let storedBytes = 0

  function remember(key: string, page: CachedPage) {
    const previous = pages.get(key)
    if (previous) storedBytes -= previous.bytes
    pages.delete(key)
    if (page.bytes > options.maxBytes) return
    pages.set(key, page)
    storedBytes += page.bytes
    for (const [oldestKey, oldest] of pages) {
      if (storedBytes <= options.maxBytes) break
      pages.delete(oldestKey)
      storedBytes -= oldest.bytes
    }
  }

  /** The visitor's reply, and the page if it was stored. */
  async function renderAndStore(
    key: string,
    request: Request,
    render: Render,
  ): Promise<{ response: Response; page: CachedPage | null }> {
    const response = await render(request)
    if (request.method !== 'GET' || !isCacheableResponse(response)) return { response, page: null }
    const renderedAt = now()
    const page = storePage(response, Buffer.from(await response.arrayBuffer()), renderedAt)
    remember(key, page)
    return { response: replay(page, request, 'miss'), page }
  }

  function revalidate(key: string, request: Request, render: Render) {
    if (rendering.has(key)) return
    const fresh = new Request(request.url, { method: 'GET', headers: { Accept: 'text/html' } })
    const done = renderAndStore(key, fresh, render)
      .then(async ({ response, page }) => {
        await response.body?.cancel().catch(() => {})
        return page
      })
      .catch(() => null)
      .finally(() => rendering.delete(key))
    rendering.set(key, done)
  }

  return {
    get size() {
      return pages.size
    },

    async serve(incoming: Request, render: Render): Promise<Response> {
      if (options.freshMs <= 0 || !isCacheableRequest(incoming)) return render(incoming)
      const url = options.pageUrl?.(new URL(incoming.url)) ?? new URL(incoming.url)
      const key = `${url.pathname}${url.search}`
      // Rendered from the address it is kept under, so no visitor's own parameters reach another's page.
      const request = url.href === incoming.url ? incoming : new Request(url, incoming)

      const page = pages.get(key)
      if (page && now() - page.renderedAt < options.keepMs) {
        pages.delete(key)
        pages.set(key, page) // most recently used
        if (now() - page.renderedAt >= options.freshMs) revalidate(key, request, render)
        return replay(page, request, 'hit')
      }

      const pending = rendering.get(key)
      if (pending) {
        const shared = await pending
        if (shared) return replay(shared, request, 'hit')
        return render(request)
      }
      if (request.method !== 'GET') return render(request)

      // Registered before the render starts, so requests arriving meanwhile wait for this one.
      let settle!: (page: CachedPage | null) => void
      const done = new Promise<CachedPage | null>((resolve) => (settle = resolve)).finally(() => rendering.delete(key))
      rendering.set(key, done)
      try {
        const { response, page } = await renderAndStore(key, request, render)
        settle(page)
        return response
      } catch (error) {
        settle(null)
        throw error
      }
    },
  }
}

export type HtmlCache = ReturnType<typeof createHtmlCache>

export function htmlCacheFromEnvironment(env: Env = serverEnv(), pageUrl?: (url: URL) => URL): HtmlCache {
  const freshMs = parseRuntimeConfig(env).htmlCacheSeconds * 1000
  return createHtmlCache({ freshMs, keepMs: Math.max(60_000, freshMs * 6), maxBytes: 32 * 1024 * 1024, pageUrl })
}
