import { promisify } from 'node:util'
import { brotliCompress, constants, gzipSync } from 'node:zlib'
import { FastResponse } from 'srvx/node'
import { chooseEncoding, STALE_PAGE_SECONDS, varyOnEncoding } from './http.server'
import type { PageAddress } from './page-url.server'

/** docs/decisions/010-page-cache.md */

export interface HtmlCacheOptions {
  /** 0 turns the cache off. */
  freshMs: number
  keepMs: number
  maxBytes: number
  now?: () => number
  pageAddress?: (url: URL) => PageAddress
}

type Render = (request: Request) => Response | Promise<Response>

/** docs/decisions/029-streamed-first-renders.md */
export interface PageRenderers {
  live: Render
  complete: Render
}

interface CachedPage {
  status: number
  headers: Array<[string, string]>
  body: Buffer<ArrayBuffer>
  gzipped: Buffer<ArrayBuffer>
  /** Once ready: until then a client that takes gzip gets it. */
  brotli?: Buffer<ArrayBuffer>
  renderedAt: number
  bytes: number
}

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

const brotliAsync = promisify(brotliCompress)

function storePage(response: Response, body: Buffer<ArrayBuffer>, renderedAt: number): CachedPage {
  const headers: Array<[string, string]> = []
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'date') headers.push([name, value])
  })
  // Once per render, not per reply: docs/decisions/005-gzip-page-cache.md.
  const gzipped = gzipSync(body, { level: constants.Z_BEST_COMPRESSION })
  return { status: response.status, headers, body, gzipped, renderedAt, bytes: body.length + gzipped.length }
}

const brotliOf = (body: Buffer): Promise<Buffer<ArrayBuffer>> =>
  brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })

function replay(page: CachedPage, request: Request): Response {
  const headers = new Headers(page.headers)
  varyOnEncoding(headers)
  const encoding = chooseEncoding(request.headers.get('Accept-Encoding'), page.brotli ? ['br', 'gzip'] : ['gzip'])
  const body = encoding === 'br' ? page.brotli! : encoding === 'gzip' ? page.gzipped : page.body
  if (encoding) headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(body.length))
  headers.set('X-Page-Cache', 'hit')
  // srvx writes these bytes as they are; a Response copies them through a stream.
  return new FastResponse(request.method === 'HEAD' ? null : body, { status: page.status, headers })
}

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now
  const pages = new Map<string, CachedPage>()
  // Per page: `stored` settles once the page is stored (or not), `done` once its brotli copy is too.
  const filling = new Map<string, { stored: Promise<unknown>; done: Promise<void> }>()
  let storedBytes = 0
  // A render begun before a drop must not store the page as it was.
  let generation = 0

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

  function fill(key: string, url: URL, complete: Render) {
    if (filling.has(key)) return
    const begun = generation
    const stored = (async () => {
      const response = await complete(new Request(url.href, { headers: { Accept: 'text/html' } }))
      if (!isCacheableResponse(response)) return void (await response.body?.cancel())
      const page = storePage(response, Buffer.from(await response.arrayBuffer()), now())
      if (begun !== generation) return
      remember(key, page)
      return page
    })()
    const done = stored
      .then(async (page) => {
        if (!page) return
        // Brotli's best quality takes about 0.4 s for home: in the thread pool, the page served as gzip meanwhile.
        const brotli = await brotliOf(page.body)
        if (pages.get(key) === page) remember(key, { ...page, brotli, bytes: page.bytes + brotli.length })
      })
      .catch(() => {})
      .finally(() => filling.delete(key))
    filling.set(key, { stored: stored.catch(() => {}), done })
  }

  return {
    get size() {
      return pages.size
    },

    /** Every stored page goes: the next visit renders what the database holds now. */
    drop(): void {
      generation++
      pages.clear()
      storedBytes = 0
    },

    async idle(): Promise<void> {
      while (filling.size > 0) await Promise.all([...filling.values()].map((fill) => fill.done))
    },

    /** Once the pages being rendered now are stored, ready for a visitor, before their brotli copies. */
    async stored(): Promise<void> {
      await Promise.all([...filling.values()].map((fill) => fill.stored))
    },

    async serve(incoming: Request, renderers: PageRenderers): Promise<Response> {
      if (options.freshMs <= 0 || !isCacheableRequest(incoming)) return renderers.live(incoming)
      const address = options.pageAddress?.(new URL(incoming.url)) ?? { page: new URL(incoming.url) }
      // docs/decisions/039-refused-search-values-redirect.md
      if (address.redirect) return new Response(null, { status: 307, headers: { Location: address.redirect } })
      const url = address.page
      const key = `${url.pathname}${url.search}`

      const page = pages.get(key)
      if (page && now() - page.renderedAt < options.keepMs) {
        pages.delete(key)
        pages.set(key, page) // most recently used
        if (now() - page.renderedAt >= options.freshMs) fill(key, url, renderers.complete)
        return replay(page, incoming)
      }

      // From its cache address: no visitor's own parameters reach another's page.
      const request = url.href === incoming.url ? incoming : new Request(url, incoming)
      const response = await renderers.live(request)
      if (request.method !== 'GET' || !isCacheableResponse(response) || !response.body) return response
      // Once the visitor has it all, so the complete render reuses its data.
      const body = response.body.pipeThrough(new TransformStream({ flush: () => fill(key, url, renderers.complete) }))
      const headers = new Headers(response.headers)
      headers.set('X-Page-Cache', 'miss')
      return new Response(body, { status: response.status, statusText: response.statusText, headers })
    },
  }
}

export type HtmlCache = ReturnType<typeof createHtmlCache>

// On globalThis, like the backend: the server entry's cache, a route's handler and the nitro plugins may be
// bundled apart.
const DROPPERS = Symbol.for('pressure-washing-site.page-droppers')
const CACHES = Symbol.for('pressure-washing-site.page-caches')
const g = globalThis as typeof globalThis & { [DROPPERS]?: Set<() => void>; [CACHES]?: Set<HtmlCache> }
const droppers = () => (g[DROPPERS] ??= new Set())
const caches = () => (g[CACHES] ??= new Set())

/** Also called by dropStoredPages: a read cache that a page's content comes from. */
export function onStoredPagesDropped(drop: () => void): void {
  droppers().add(drop)
}

/**
 * After the owner changes what public pages show (posted work, decision 049): this instance serves the change
 * at once; other instances within HTML_CACHE_SECONDS, when their stored pages go stale.
 */
export function dropStoredPages(): void {
  for (const drop of droppers()) drop()
}

/** Once every page being rendered to be stored is stored: the warm-up's line then means a visitor gets it. */
export async function storedPagesReady(): Promise<void> {
  await Promise.all([...caches()].map((cache) => cache.stored()))
}

export function htmlCacheFor(seconds: number, pageAddress?: (url: URL) => PageAddress, now?: () => number): HtmlCache {
  const freshMs = seconds * 1000
  const cache = createHtmlCache({
    freshMs,
    // Served stale while a new render replaces it, as a CDN may: on a quiet site most first visits come over a
    // minute apart, and a live render carries the whole stylesheet (docs/decisions/010-page-cache.md).
    keepMs: freshMs + STALE_PAGE_SECONDS * 1000,
    maxBytes: 32 * 1024 * 1024,
    pageAddress,
    now,
  })
  onStoredPagesDropped(() => cache.drop())
  caches().add(cache)
  return cache
}
