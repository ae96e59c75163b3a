// Owner sign-in and sessions, the same in both modes (docs/decisions/041-owner-sessions.md): the backend port
// does what differs (whose link, whose tokens); the session rows and sign-in limits are SQL functions.
import { createHash, randomBytes } from 'node:crypto'
import { getCookie, getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { site } from '../../content/site'
import { getBackend } from '../backend/backend-factory.server'
import { SITE_CALLER, type AuthTokens, type SqlCaller } from '../backend/backend.server'
import { ownerEmail } from '../backend/owner-mail.server'
import { runtimeConfig } from '../config.server'
import { isSameOriginRequest } from '../http/origin.server'
import { forwardedClient } from '../http/trusted-proxy.server'
import { log } from '../log/logger.server'
import { hashToken, sameAddress, sealSessionSecret, unsealSessionSecret } from './sign-in.server'

// From SITE_URL, never from the request: a proxy's header must not decide whether the cookie is Secure.
const SECURE_SITE = site.baseUrl.startsWith('https:')
/** `__Host-`: only this origin, path / and Secure, so no subdomain or http page can plant or read it. */
export const SESSION_COOKIE = SECURE_SITE ? '__Host-owner_session' : 'owner_session'

export interface OwnerAccess {
  caller: Extract<SqlCaller, { as: 'owner' }>
  secretHash: string
}

interface SessionRow {
  user_id: string
  expires_at: string | Date
  auth_tokens: AuthTokens | null
}

export class OwnerAccessError extends Error {
  override name = 'OwnerAccessError'
}

function sessionCookie(value: string, maxAgeSeconds: number): string {
  const secure = SECURE_SITE ? '; Secure' : ''
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`
}

// One use per request: the page's state and lead loaders both ask.
const accesses = new WeakMap<Request, Promise<OwnerAccess | null>>()

async function openSession(cookie: string | undefined): Promise<OwnerAccess | null> {
  const password = runtimeConfig().owner.sessionSecret
  const secret = password ? await unsealSessionSecret(cookie, password) : null
  if (!secret) return null
  const secretHash = hashToken(secret)
  const backend = getBackend()
  const [row] = await backend.callSql<SessionRow[]>(
    'owner_session_use',
    { p_secret_hash: secretHash },
    SITE_CALLER,
    'rows',
  )
  if (!row) return null
  let tokens = row.auth_tokens
  if (tokens) {
    const fresh = await backend.ownerAuth.renew(tokens)
    if (!fresh) {
      log('owner').warn('Supabase session ended: sign in again')
      await endSession(secretHash, false)
      return null
    }
    if (fresh !== tokens)
      await backend.callSql(
        'owner_session_keep_tokens',
        { p_secret_hash: secretHash, p_auth_tokens: fresh },
        SITE_CALLER,
        'value',
      )
    tokens = fresh
  }
  return { secretHash, caller: { as: 'owner', userId: row.user_id, accessToken: tokens?.accessToken } }
}

/** The signed-in owner of this request, or null; for handlers that answer 401 themselves. */
export function ownerAccess(): Promise<OwnerAccess | null> {
  const request = getRequest()
  let access = accesses.get(request)
  if (!access) {
    access = openSession(getCookie(SESSION_COOKIE))
    accesses.set(request, access)
  }
  return access
}

export async function hasOwnerSession(): Promise<boolean> {
  return (await ownerAccess()) !== null
}

/** 401 without a live session, never lead data. */
export async function requireOwner(): Promise<OwnerAccess> {
  setResponseHeader('Cache-Control', 'private, no-store')
  const access = await ownerAccess()
  if (access) return access
  setResponseStatus(401)
  throw new OwnerAccessError('Sign in first')
}

/** Ends the row (and with `everywhere` every row of the owner), then the provider's session. */
async function endSession(secretHash: string, everywhere: boolean): Promise<void> {
  const backend = getBackend()
  const [ended] = await backend.callSql<{ auth_tokens: AuthTokens | null; ended: number }[]>(
    'owner_session_end',
    { p_secret_hash: secretHash, p_everywhere: everywhere },
    SITE_CALLER,
    'rows',
  )
  if (!ended) return
  log('owner').info({ sessions: ended.ended }, everywhere ? 'owner signed out everywhere' : 'owner signed out')
  if (!ended.auth_tokens) return
  // The stored access token has usually expired by now: a refused revoke would leave the refresh token alive.
  const fresh = await backend.ownerAuth.renew(ended.auth_tokens)
  if (fresh) await backend.ownerAuth.revoke(fresh, everywhere ? 'global' : 'local')
  else log('owner').warn('Supabase session already ended at Supabase Auth')
}

async function startSession(identity: { userId: string; tokens?: AuthTokens }): Promise<string> {
  const config = runtimeConfig().owner
  const secret = randomBytes(32).toString('base64url')
  const expiresAt = await getBackend().callSql<string | Date>(
    'owner_session_start',
    { p_secret_hash: hashToken(secret), p_auth_tokens: identity.tokens ?? null },
    { as: 'owner', userId: identity.userId, accessToken: identity.tokens?.accessToken },
    'value',
  )
  const seconds = Math.max(1, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000))
  return sessionCookie(await sealSessionSecret(config.sessionSecret!, secret, seconds), seconds)
}

function redirect(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' })
  if (cookie) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** Hashed with the session secret: the database never holds a visitor's address. */
function clientKey(address: string): string {
  return createHash('sha256').update(`owner-sign-in:${runtimeConfig().owner.sessionSecret}:${address}`).digest('hex')
}

// Sent after the answer, so every address gets the same answer in the same time.
function sendOwnerLinkLater(): void {
  const backend = getBackend()
  void backend
    .callSql<number>('owner_sign_in_hit', { p_bucket: 'owner', p_key: 'owner' }, SITE_CALLER, 'value')
    .then((waitMs) => {
      if (waitMs > 0) return log('owner').warn('sign-in link not sent: too many links for the owner in 15 minutes')
      return backend.ownerAuth.sendSignInLink(ownerEmail())
    })
    .catch((error: unknown) => log('owner').error({ err: error }, 'sign-in link not sent'))
}

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
  const password = runtimeConfig().owner.sessionSecret
  if (!password) return redirect('/owner')
  const cleared = sessionCookie('', 0)

  if (form.has('sign-out')) {
    const secret = await unsealSessionSecret(getCookie(SESSION_COOKIE), password)
    if (secret) await endSession(hashToken(secret), form.get('sign-out') === 'everywhere')
    return redirect('/owner', cleared)
  }

  if (form.has('token') || form.has('token_hash')) {
    const identity = await getBackend().ownerAuth.verifyLink(form)
    if (!identity || !sameAddress(identity.email, ownerEmail())) {
      log('owner').warn('sign-in link refused (unknown, used, expired or another user)')
      return redirect('/owner?link=expired')
    }
    log('owner').info('owner signed in')
    return redirect('/owner', await startSession(identity))
  }

  const visitor = forwardedClient(request.headers.get('x-forwarded-for'), socketAddress, runtimeConfig().trustedProxy)
  const waitMs = await getBackend().callSql<number>(
    'owner_sign_in_hit',
    { p_bucket: 'client', p_key: clientKey(visitor) },
    SITE_CALLER,
    'value',
  )
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000)
    return new Response(`Too many sign-in requests. Try again in ${Math.ceil(seconds / 60)} minutes.`, {
      status: 429,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(seconds) },
    })
  }
  if (sameAddress((form.get('email') ?? '').slice(0, 254), ownerEmail())) sendOwnerLinkLater()
  log('owner').info('sign-in link asked for')
  return redirect('/owner?link=sent')
}
