import { constants, crc32, deflateRawSync } from 'node:zlib'
import { newNonce } from '~/lib/nonce'
import { parseRuntimeConfig, serverEnv, type Env } from '../config.server'
import { acceptsEncoding } from './http.server'

/** Rendered pages kept as deflate segments cut at each CSP nonce: docs/decisions/010-page-cache.md. */

export interface HtmlCacheOptions {
  /** 0 turns the cache off. */
  freshMs: number
  keepMs: number
  maxBytes: number
  now?: () => number
}

type Render = (request: Request) => Response | Promise<Response>

interface CachedPage {
  status: number
  headers: Array<[string, string]>
  nonce: string | null
  segments: Buffer[]
  /** Sync-flushed raw deflate, so the pieces can be concatenated. */
  deflatedSegments: Buffer[]
  renderedAt: number
  bytes: number
}

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/_=-]{16,})'/
// Gzip member header: no name, no timestamp, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
// A final, empty, fixed-Huffman deflate block: ends the stream.
const DEFLATE_END = Buffer.from([0x03, 0x00])

const WINDOW_BYTES = 32 * 1024

function deflatePiece(piece: Buffer, dictionary?: Buffer): Buffer {
  return deflateRawSync(piece, {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
    ...(dictionary?.length ? { dictionary } : {}),
  })
}

/**
 * The text before each segment is its dictionary, with the nonces as NUL bytes that no page contains:
 * no match can cover a nonce, so any nonce can stand there in the reply.
 */
function deflateSegments(segments: Buffer[], nonceLength: number): Buffer[] {
  const placeholder = Buffer.alloc(nonceLength)
  let window = Buffer.alloc(0)
  return segments.map((segment, index) => {
    const deflated = deflatePiece(segment, window)
    window = Buffer.concat([window, segment, index < segments.length - 1 ? placeholder : Buffer.alloc(0)])
    if (window.length > WINDOW_BYTES) window = window.subarray(window.length - WINDOW_BYTES)
    return deflated
  })
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

function storePage(response: Response, html: string, renderedAt: number): CachedPage {
  const nonce = response.headers.get('Content-Security-Policy')?.match(NONCE_IN_POLICY)?.[1] ?? null
  const segments = (nonce ? html.split(nonce) : [html]).map((segment) => Buffer.from(segment, 'utf8'))
  const deflatedSegments = deflateSegments(segments, nonce ? Buffer.byteLength(nonce) : 0)
  const headers: Array<[string, string]> = []
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'date') headers.push([name, value])
  })
  const bytes = [...segments, ...deflatedSegments].reduce((total, part) => total + part.length, 0)
  return { status: response.status, headers, nonce, segments, deflatedSegments, renderedAt, bytes }
}

function replay(page: CachedPage, request: Request): Response {
  const nonce = page.nonce ? newNonce() : null
  const nonceBytes = nonce ? Buffer.from(nonce, 'utf8') : Buffer.alloc(0)
  const headers = new Headers()
  for (const [name, value] of page.headers)
    headers.append(name, page.nonce && nonce ? value.replaceAll(page.nonce, nonce) : value)
  headers.append('Vary', 'Accept-Encoding')

  const last = page.segments.length - 1
  let body: Buffer
  if (acceptsEncoding(request.headers.get('Accept-Encoding'), 'gzip')) {
    const deflatedNonce = deflatePiece(nonceBytes)
    const parts: Buffer[] = [GZIP_HEADER]
    let crc = 0
    let size = 0
    page.segments.forEach((segment, index) => {
      parts.push(page.deflatedSegments[index]!)
      crc = crc32(segment, crc)
      size += segment.length
      if (index < last) {
        parts.push(deflatedNonce)
        crc = crc32(nonceBytes, crc)
        size += nonceBytes.length
      }
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(size >>> 0, 4)
    parts.push(DEFLATE_END, trailer)
    body = Buffer.concat(parts)
    headers.set('Content-Encoding', 'gzip')
  } else {
    body = Buffer.concat(page.segments.flatMap((segment, index) => (index < last ? [segment, nonceBytes] : [segment])))
  }
  headers.set('Content-Length', String(body.length))
  headers.set('X-Page-Cache', 'hit')
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

  async function renderAndStore(
    key: string,
    request: Request,
    render: Render,
  ): Promise<{ response: Response; stored: Promise<CachedPage | null> }> {
    const response = await render(request)
    if (request.method !== 'GET' || !isCacheableResponse(response)) return { response, stored: Promise.resolve(null) }
    const [toVisitor, toCache] = response.body!.tee()
    const renderedAt = now()
    const stored = new Response(toCache)
      .text()
      .then((html) => {
        const page = storePage(response, html, renderedAt)
        remember(key, page)
        return page
      })
      .catch(() => null)
    return {
      response: new Response(toVisitor, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      }),
      stored,
    }
  }

  function revalidate(key: string, request: Request, render: Render) {
    if (rendering.has(key)) return
    const fresh = new Request(request.url, { method: 'GET', headers: { Accept: 'text/html' } })
    const done = renderAndStore(key, fresh, render)
      .then(async ({ response, stored }) => {
        await response.body?.cancel().catch(() => {})
        return stored
      })
      .catch(() => null)
      .finally(() => rendering.delete(key))
    rendering.set(key, done)
  }

  return {
    get size() {
      return pages.size
    },

    async serve(request: Request, render: Render): Promise<Response> {
      if (options.freshMs <= 0 || !isCacheableRequest(request)) return render(request)
      const url = new URL(request.url)
      const key = `${url.pathname}${url.search}`

      const page = pages.get(key)
      if (page && now() - page.renderedAt < options.keepMs) {
        pages.delete(key)
        pages.set(key, page) // most recently used
        if (now() - page.renderedAt >= options.freshMs) revalidate(key, request, render)
        return replay(page, request)
      }

      const pending = rendering.get(key)
      if (pending) {
        const shared = await pending
        if (shared) return replay(shared, request)
        return render(request)
      }
      if (request.method !== 'GET') return render(request)

      // Registered before the render starts, so requests arriving meanwhile wait for this one.
      let settle!: (page: CachedPage | null) => void
      const done = new Promise<CachedPage | null>((resolve) => (settle = resolve)).finally(() => rendering.delete(key))
      rendering.set(key, done)
      try {
        const { response, stored } = await renderAndStore(key, request, render)
        void stored.then(settle)
        return response
      } catch (error) {
        settle(null)
        throw error
      }
    },
  }
}

export type HtmlCache = ReturnType<typeof createHtmlCache>

export function htmlCacheFromEnvironment(env: Env = serverEnv()): HtmlCache {
  const freshMs = parseRuntimeConfig(env).htmlCacheSeconds * 1000
  return createHtmlCache({ freshMs, keepMs: Math.max(60_000, freshMs * 6), maxBytes: 32 * 1024 * 1024 })
}
