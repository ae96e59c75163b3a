import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import { runtimeConfig } from '../config.server'
import { sameSiteLocation } from './same-site.server'

export const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** How long a CDN may serve a page stale while it asks again; the server keeps its stored pages as long (010). */
export const STALE_PAGE_SECONDS = 600
export const HTML_CACHE_CONTROL = `public, max-age=0, s-maxage=60, stale-while-revalidate=${STALE_PAGE_SECONDS}`

const hashedAssetFolders = ['/assets/', '/img/']

/** Uncached, or a 404 would outlive the file's arrival from another deploy. */
export function missingHashedAsset(request: Request): Response | null {
  const { pathname } = new URL(request.url)
  if (!hashedAssetFolders.some((folder) => pathname.startsWith(folder))) return null
  return new Response('Not found\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  })
}

/** h3 puts the immutable route rules on errors too. */
export function withoutImmutableCachingOnError(response: Response): void {
  if (response.status >= 400 && /immutable/i.test(response.headers.get('Cache-Control') ?? '')) {
    response.headers.set('Cache-Control', 'no-store')
  }
}

const compressible = /^(text\/|application\/(json|xml|javascript|manifest\+json|x-ndjson)|image\/svg\+xml)/

/** Smaller bodies go out plain: docs/decisions/026-fair-quote-answers.md. */
export const MIN_COMPRESSED_BYTES = 1024

type Encoding = 'br' | 'gzip'

export function chooseEncoding(
  acceptEncoding: string | null,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  return offered.find((encoding) => (accepted.get(encoding) ?? 0) > 0) ?? null
}

/** Flushed per chunk so streamed SSR stays progressive. */
function compressBody(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
          flush: constants.BROTLI_OPERATION_FLUSH,
        })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH })
  const source = Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0])
  source.on('error', (error) => compressor.destroy(error))
  source.pipe(compressor)
  return Readable.toWeb(compressor) as ReadableStream<Uint8Array>
}

function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  // srvx sets the peer; no Start import here, the Nitro plugins import this module too.
  const peer = (request as { ip?: unknown }).ip
  return (
    request.headers.get('x-forwarded-proto') === 'https' &&
    typeof peer === 'string' &&
    runtimeConfig().trustedProxy(peer, 0)
  )
}

function setSiteHeaders(request: Request, status: number, headers: Headers): void {
  if ((headers.get('Content-Type') ?? '').startsWith('text/html')) {
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (!headers.has(name)) headers.set(name, value)
    }
    if (isHttps(request)) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    if (!headers.has('Cache-Control')) {
      headers.set('Cache-Control', status === 200 ? HTML_CACHE_CONTROL : 'public, max-age=0, s-maxage=60')
    }
  } else if (new URL(request.url).pathname.startsWith('/_serverFn/') && !headers.has('Cache-Control')) {
    // Only the public reads say otherwise (backend.functions.ts): the browser's HTTP cache keeps those.
    headers.set('Cache-Control', 'no-store')
  }
  headers.set('X-Content-Type-Options', 'nosniff')
  const location = headers.get('Location')
  if (location !== null) headers.set('Location', sameSiteLocation(location))
}

/** In place, to keep a FastResponse; a redirect's headers are immutable. */
function withSiteHeaders(request: Request, response: Response): Response {
  try {
    setSiteHeaders(request, response.status, response.headers)
    return response
  } catch {
    const headers = new Headers(response.headers)
    setSiteHeaders(request, response.status, headers)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/** Adds Accept-Encoding to Vary once: a stored render may already name it. */
export function varyOnEncoding(headers: Headers) {
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding')
}

export async function finalizeResponse(request: Request, response: Response): Promise<Response> {
  const contentType = response.headers.get('Content-Type') ?? ''
  const encoding = chooseEncoding(request.headers.get('Accept-Encoding'))
  if (
    !encoding ||
    request.method === 'HEAD' ||
    response.headers.has('Content-Encoding') ||
    !compressible.test(contentType) ||
    response.status === 204 ||
    response.status === 304 ||
    !response.body // last: on a FastResponse this makes a stream
  ) {
    return withSiteHeaders(request, response)
  }
  const headers = new Headers(response.headers)
  setSiteHeaders(request, response.status, headers)
  const answer = (body: BodyInit | null) =>
    new Response(body, { status: response.status, statusText: response.statusText, headers })
  const declared = headers.get('Content-Length')
  if (declared !== null && Number(declared) < MIN_COMPRESSED_BYTES) return answer(response.body)
  let body: ReadableStream<Uint8Array> = response.body
  // JSON is only ever sent whole, so reading it delays nothing.
  if (declared === null && /^application\/json\b/i.test(contentType)) {
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (bytes.byteLength < MIN_COMPRESSED_BYTES) {
      headers.set('Content-Length', String(bytes.byteLength))
      return answer(bytes)
    }
    body = new Response(bytes).body!
  }

  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
  varyOnEncoding(headers)
  return answer(compressBody(body, encoding))
}
