// The owner's session check (docs/decisions/041-owner-sessions.md): a row per sign-in whose secret only the sealed
// cookie holds; the row decides. Every feature's owner functions and routes are made from it; the sign-in itself
// (the e-mailed link, the form) is the owner feature's.
import { createHash } from 'node:crypto'
import { getCookie, getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { sealData, unsealData } from 'iron-session'
import { sql } from 'kysely'
import { site } from '../../content/site'
import { runtimeConfig } from '../config.server'
import { db } from '../db/db.server'
import { stopReading } from './multipart.server'
import { isSameOriginRequest } from './origin.server'
import { ownerEmail } from '../transport/mail.server'
import { OWNER_FILE_HEADERS } from './owner-files.server'

/** A sign-in link's token and a session's secret: 32 random bytes, base64url. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/
/** A session unused this long ends; every session ends this long after its sign-in. */
export const SESSION_IDLE_DAYS = 30
export const SESSION_MAX_DAYS = 90

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The owner's id in owner_sessions, from the address: a new OWNER_EMAIL ends the old address's sessions. */
export function ownerUserId(email: string): string {
  const hex = createHash('sha256').update(`embedded-owner:${email.trim().toLowerCase()}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The cookie holds only the session's secret, sealed; the row it hashes to decides (decision 041). */
export async function sealSessionSecret(password: string, secret: string, ttlSeconds: number): Promise<string> {
  return sealData({ sid: secret }, { password, ttl: ttlSeconds })
}

export async function unsealSessionSecret(cookie: string | undefined, password: string): Promise<string | null> {
  if (!cookie) return null
  try {
    const data = await unsealData<{ sid?: unknown }>(cookie, { password, ttl: SESSION_MAX_DAYS * 86_400 })
    return typeof data.sid === 'string' && SECRET_PATTERN.test(data.sid) ? data.sid : null
  } catch {
    return null
  }
}

// From SITE_URL, never from the request: a proxy's header must not decide whether the cookie is Secure.
const SECURE_SITE = site.baseUrl.startsWith('https:')
/** `__Host-`: only this origin, path / and Secure, so no subdomain or http page can plant or read it. */
export const SESSION_COOKIE = SECURE_SITE ? '__Host-owner_session' : 'owner_session'

export interface OwnerAccess {
  userId: string
  secretHash: string
}

export class OwnerAccessError extends Error {
  override name = 'OwnerAccessError'
}

export function sessionCookie(value: string, maxAgeSeconds: number): string {
  const secure = SECURE_SITE ? '; Secure' : ''
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`
}

// One use per request: the page's state and lead loaders both ask.
const accesses = new WeakMap<Request, Promise<OwnerAccess | null>>()

/** One indexed write per owner request: a live session of today's owner is marked seen. */
async function openSession(cookie: string | undefined): Promise<OwnerAccess | null> {
  const password = runtimeConfig().owner.sessionSecret
  const secret = password ? await unsealSessionSecret(cookie, password) : null
  if (!secret) return null
  const secretHash = hashToken(secret)
  const userId = ownerUserId(ownerEmail(runtimeConfig()))
  const { numUpdatedRows } = await db
    .updateTable('owner_sessions')
    .set({ last_seen_at: sql`now()` })
    .where('secret_hash', '=', secretHash)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(days => ${SESSION_IDLE_DAYS})`)
    .executeTakeFirst()
  return numUpdatedRows === 1n ? { userId, secretHash } : null
}

/** The signed-in owner of this request, or null; for handlers that answer 401 themselves. */
export function ownerAccess(): Promise<OwnerAccess | null> {
  const request = getRequest()
  const access = accesses.get(request) ?? openSession(getCookie(SESSION_COOKIE))
  accesses.set(request, access)
  return access
}

/** 401 without a live session, never lead data. */
export async function requireOwner(): Promise<OwnerAccess> {
  setResponseHeader('Cache-Control', 'private, no-store')
  const access = await ownerAccess()
  if (access) return access
  setResponseStatus(401)
  throw new OwnerAccessError('Sign in first')
}

/** Every owner route handler is wrapped in this, so none can miss the check (tests/server/owner-only.test.ts). */
export function forOwner<Context>(
  handler: (context: Context) => Response | Promise<Response>,
): (context: Context & { request: Request }) => Promise<Response> {
  return async (context) => {
    const { request } = context
    // A download may come from a bookmark (no site at all), a write only from the site itself.
    const read = request.method === 'GET' || request.method === 'HEAD'
    const crossSite = read
      ? /^(cross|same)-site$/.test(request.headers.get('sec-fetch-site') ?? '')
      : !isSameOriginRequest(request)
    const refusal = crossSite ? 'forbidden' : (await ownerAccess()) ? null : 'signed-out'
    if (!refusal) return handler(context)
    await stopReading(request) // before a byte of a stranger's upload is read (decision 051)
    return Response.json(
      { success: false, reason: refusal },
      { status: crossSite ? 403 : 401, headers: OWNER_FILE_HEADERS },
    )
  }
}
