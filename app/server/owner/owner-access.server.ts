import type { PGlite } from '@electric-sql/pglite'
import { getCookie, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { site } from '../../content/site'
import { getBackend } from '../backend/backend-factory.server'
import type { EmbeddedBackend } from '../backend/embedded.server'
import { notificationAddresses } from '../backend/owner-mail.server'
import { runtimeConfig } from '../config.server'
import { createSlidingWindowLimiter } from '../http/rate-limit.server'
import { isSameOriginRequest, publicOrigins } from '../http/origin.server'
import { forwardedClient } from '../http/trusted-proxy.server'
import { log } from '../log/logger.server'
import {
  consumeSignInToken,
  isOwnerSession,
  requestSignInLink,
  sealSession,
  SESSION_COOKIE,
  SESSION_DAYS,
} from './sign-in.server'

export function ownerEmail(): string {
  return runtimeConfig().owner.email ?? notificationAddresses().to
}

/** Null in Supabase mode: the inbox is embedded only. */
export function embeddedBackend(): EmbeddedBackend | null {
  const backend = getBackend()
  return backend.kind === 'embedded' ? (backend as EmbeddedBackend) : null
}

export async function hasOwnerSession(cookie = getCookie(SESSION_COOKIE)): Promise<boolean> {
  return isOwnerSession(cookie, runtimeConfig().owner.sessionSecret, ownerEmail())
}

export class OwnerAccessError extends Error {
  override name = 'OwnerAccessError'
}

/** 401 or 403, never lead data. */
export async function requireOwnerDb(): Promise<PGlite> {
  setResponseHeader('Cache-Control', 'private, no-store')
  if (!(await hasOwnerSession())) {
    setResponseStatus(401)
    throw new OwnerAccessError('Sign in first')
  }
  const backend = embeddedBackend()
  if (!backend) {
    setResponseStatus(403)
    throw new OwnerAccessError('The inbox is available in embedded mode only')
  }
  return backend.db()
}

const perVisitor = createSlidingWindowLimiter(5, 15 * 60_000, Date.now)
// Caps link e-mails however many addresses ask.
const overall = createSlidingWindowLimiter(10, 15 * 60_000, Date.now)

export function resetSignInLimits(): void {
  perVisitor.reset()
  overall.reset()
}

function redirect(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' })
  if (cookie) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: 303, headers })
}

function sessionCookie(value: string, request: Request, maxAgeSeconds: number): string {
  // Secure whenever the visitor reached the site over https (also behind a TLS proxy); http://localhost in dev.
  const secure = publicOrigins(request)[0]?.startsWith('https:') ? '; Secure' : ''
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`
}

/** The same answer for every address that asks for a link. */
export async function handleSignInPost(request: Request, socketAddress: string | undefined): Promise<Response> {
  if (!isSameOriginRequest(request)) return new Response('Forbidden', { status: 403 })
  const declared = Number(request.headers.get('content-length') ?? 'NaN')
  if (!(declared >= 0 && declared <= 2048)) return new Response('Request too large', { status: 413 })
  let form: URLSearchParams
  try {
    form = new URLSearchParams(await request.text())
  } catch {
    return new Response('Bad request', { status: 400 })
  }
  const config = runtimeConfig().owner
  const backend = embeddedBackend()
  if (!config.sessionSecret || !backend) return redirect('/owner')

  if (form.has('sign-out')) return redirect('/owner', sessionCookie('', request, 0))

  if (form.has('token')) {
    const ok = await consumeSignInToken(await backend.db(), form.get('token'))
    if (!ok) {
      log('owner').warn('sign-in link refused (unknown, used or expired)')
      return redirect('/owner?link=expired')
    }
    log('owner').info('owner signed in')
    const sealed = await sealSession(config.sessionSecret, ownerEmail())
    return redirect('/owner', sessionCookie(sealed, request, SESSION_DAYS * 86_400))
  }

  const visitor = forwardedClient(request.headers.get('x-forwarded-for'), socketAddress, runtimeConfig().trustedProxy)
  if (!perVisitor.hit(visitor) || !overall.hit('all')) {
    const minutes = Math.max(1, Math.ceil(perVisitor.retryAfterSeconds(visitor) / 60))
    return new Response(`Too many sign-in requests. Try again in ${minutes} minutes.`, {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(minutes * 60) },
    })
  }
  const email = (form.get('email') ?? '').slice(0, 254)
  const queued = await requestSignInLink(await backend.db(), { email, ownerEmail: ownerEmail(), siteUrl: site.baseUrl })
  if (queued) (await backend.outbox()).kick()
  log('owner').info('sign-in link asked for')
  return redirect('/owner?link=sent')
}
