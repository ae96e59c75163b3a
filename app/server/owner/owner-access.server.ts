import type { PGlite } from '@electric-sql/pglite'
import {
  appendResponseHeader,
  getCookie,
  getRequest,
  setResponseHeader,
  setResponseStatus,
} from '@tanstack/react-start/server'
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
  readOwnerSession,
  requestSignInLink,
  sameAddress,
  sealSession,
  SESSION_COOKIE,
  SESSION_DAYS,
} from './sign-in.server'
import {
  refreshSupabaseTokens,
  requestSupabaseLink,
  revokeSupabaseSession,
  verifySupabaseLink,
  type SupabaseTokens,
} from './supabase-owner.server'

export function ownerEmail(): string {
  return runtimeConfig().owner.email ?? notificationAddresses().to
}

/** Null in Supabase mode. */
export function embeddedBackend(): EmbeddedBackend | null {
  const backend = getBackend()
  return backend.kind === 'embedded' ? (backend as EmbeddedBackend) : null
}

export type OwnerAccess =
  { kind: 'embedded'; db: PGlite } | { kind: 'supabase'; at: { url: string; anonKey: string }; tokens: SupabaseTokens }

// One refresh per request: the page's state and lead loaders both ask.
const refreshes = new WeakMap<Request, Promise<SupabaseTokens | null>>()

/** A token within a minute of its end is refreshed and the cookie resealed. */
function freshTokens(at: { url: string; anonKey: string }, tokens: SupabaseTokens, secret: string) {
  if (tokens.expiresAt - 60 > Date.now() / 1000) return Promise.resolve(tokens)
  const request = getRequest()
  let refreshed = refreshes.get(request)
  if (!refreshed) {
    refreshed = refreshSupabaseTokens(at, tokens.refreshToken).then(async (next) => {
      if (next) {
        const sealed = await sealSession(secret, ownerEmail(), next)
        appendResponseHeader('Set-Cookie', sessionCookie(sealed, request, SESSION_DAYS * 86_400))
      } else log('owner').warn('Supabase session ended: sign in again')
      return next
    })
    refreshes.set(request, refreshed)
  }
  return refreshed
}

async function ownerAccess(): Promise<OwnerAccess | null> {
  const secret = runtimeConfig().owner.sessionSecret
  const session = await readOwnerSession(getCookie(SESSION_COOKIE), secret, ownerEmail())
  if (!session || !secret) return null
  const backend = embeddedBackend()
  if (backend) return { kind: 'embedded', db: await backend.db() }
  const at = runtimeConfig().supabase
  if (!at || !session.supabase) return null
  const tokens = await freshTokens(at, session.supabase, secret)
  return tokens ? { kind: 'supabase', at, tokens } : null
}

export async function hasOwnerSession(): Promise<boolean> {
  return (await ownerAccess()) !== null
}

export class OwnerAccessError extends Error {
  override name = 'OwnerAccessError'
}

/** 401 without a session, never lead data. */
export async function requireOwner(): Promise<OwnerAccess> {
  setResponseHeader('Cache-Control', 'private, no-store')
  const access = await ownerAccess()
  if (access) return access
  setResponseStatus(401)
  throw new OwnerAccessError('Sign in first')
}

// Supabase Auth's token_hash: hex today, maybe prefixed (pkce_).
const SUPABASE_TOKEN_HASH = /^[A-Za-z0-9_-]{16,128}$/

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
  // Secure over https, also behind a TLS proxy; not on http://localhost in dev.
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
  const supabase = backend ? undefined : runtimeConfig().supabase
  if (!config.sessionSecret || !(backend || supabase)) return redirect('/owner')

  if (form.has('sign-out')) {
    const session = await readOwnerSession(getCookie(SESSION_COOKIE), config.sessionSecret, ownerEmail())
    if (supabase && session?.supabase) await revokeSupabaseSession(supabase, session.supabase)
    return redirect('/owner', sessionCookie('', request, 0))
  }

  if (supabase && form.has('token_hash')) {
    const tokenHash = form.get('token_hash') ?? ''
    const signedIn = SUPABASE_TOKEN_HASH.test(tokenHash) ? await verifySupabaseLink(supabase, tokenHash) : null
    if (!signedIn || !sameAddress(signedIn.email, ownerEmail())) {
      log('owner').warn('Supabase sign-in link refused (unknown, used, expired or another user)')
      return redirect('/owner?link=expired')
    }
    log('owner').info('owner signed in')
    const sealed = await sealSession(config.sessionSecret, ownerEmail(), signedIn.tokens)
    return redirect('/owner', sessionCookie(sealed, request, SESSION_DAYS * 86_400))
  }

  if (backend && form.has('token')) {
    const ok = await consumeSignInToken(await backend.db(), form.get('token'))
    if (!ok) {
      log('owner').warn('sign-in link refused (unknown, used or expired)')
      return redirect('/owner?link=expired')
    }
    log('owner').info('owner signed in')
    const sealed = await sealSession(config.sessionSecret, ownerEmail())
    return redirect('/owner', sessionCookie(sealed, request, SESSION_DAYS * 86_400))
  }
  if (form.has('token') || form.has('token_hash')) return redirect('/owner?link=expired')

  const visitor = forwardedClient(request.headers.get('x-forwarded-for'), socketAddress, runtimeConfig().trustedProxy)
  if (!perVisitor.hit(visitor) || !overall.hit('all')) {
    const minutes = Math.max(1, Math.ceil(perVisitor.retryAfterSeconds(visitor) / 60))
    return new Response(`Too many sign-in requests. Try again in ${minutes} minutes.`, {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(minutes * 60) },
    })
  }
  const email = (form.get('email') ?? '').slice(0, 254)
  if (supabase) {
    // Supabase Auth e-mails the link; only the owner's address is ever sent there.
    const failed = sameAddress(email, ownerEmail()) ? await requestSupabaseLink(supabase, ownerEmail()) : null
    if (failed) log('owner').warn({ code: failed }, 'Supabase Auth did not send the sign-in link')
  } else {
    const queued = await requestSignInLink(await backend!.db(), {
      email,
      ownerEmail: ownerEmail(),
      siteUrl: site.baseUrl,
    })
    if (queued) (await backend!.outbox()).kick()
  }
  log('owner').info('sign-in link asked for')
  return redirect('/owner?link=sent')
}
