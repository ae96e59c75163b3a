/** CORS for SITE_ORIGIN only; the site's server sends no Origin header and is not affected. */
import { env } from './env.ts'
import { BodyTooLargeError, readBoundedBody } from './app/server/http/bounded-body.server.ts'

export const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, idempotency-key'

export function allowedOrigins(): string[] {
  return (env('SITE_ORIGIN') ?? '')
    .split(',')
    .map((value) => value.trim().replace(/\/+$/, ''))
    .filter(Boolean)
}

export function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get('origin')
  const headers: Record<string, string> = { Vary: 'Origin' }
  if (origin && allowedOrigins().includes(origin)) {
    headers['Access-Control-Allow-Origin'] = origin
    headers['Access-Control-Allow-Headers'] = ALLOWED_HEADERS
    headers['Access-Control-Allow-Methods'] = 'POST, OPTIONS'
    headers['Access-Control-Max-Age'] = '86400'
  }
  return headers
}

export function isForeignOrigin(req: Request): boolean {
  const origin = req.headers.get('origin')
  return !!origin && !allowedOrigins().includes(origin)
}

// The anon key is public: without SITE_FUNCTION_SECRET anyone could bypass the site's rate limit and spam checks.
export const SITE_SECRET_HEADER = 'x-site-secret'

/** Constant time: no timing hint of where the first difference is. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!
  return difference === 0
}

export function hasSiteSecret(req: Request): boolean {
  const expected = env('SITE_FUNCTION_SECRET')
  return !expected || sameSecret(req.headers.get(SITE_SECRET_HEADER) ?? '', expected)
}

export function json(req: Request, status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders(req),
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** A Response to send, or null to go on. */
export function gate(req: Request, methods: string[] = ['POST']): Response | null {
  if (req.method === 'OPTIONS') {
    if (isForeignOrigin(req) || !req.headers.get('origin'))
      return new Response(null, { status: 403, headers: { Vary: 'Origin' } })
    return new Response(null, { status: 204, headers: corsHeaders(req) })
  }
  if (isForeignOrigin(req)) return json(req, 403, { success: false, error: 'Origin not allowed' })
  if (!methods.includes(req.method)) {
    const res = json(req, 405, { success: false, error: 'Method not allowed' })
    res.headers.set('Allow', [...methods, 'OPTIONS'].join(', '))
    return res
  }
  if (!hasSiteSecret(req)) return json(req, 401, { success: false, error: 'Not allowed' })
  return null
}

export class BodyError extends Error {}

/** The whole body, refused once it passes `maxBytes` (declared or read). */
export async function readBytes(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBoundedBody(req, maxBytes)
  } catch (error) {
    throw error instanceof BodyTooLargeError ? new BodyError('The request is too large.') : error
  }
}

/** An empty body is `undefined`. */
export async function readJson(req: Request, maxBytes = 10_000): Promise<unknown> {
  const text = new TextDecoder().decode(await readBytes(req, maxBytes)).trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new BodyError('Invalid form data')
  }
}
