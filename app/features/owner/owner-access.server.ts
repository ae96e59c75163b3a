// Owner sign-in and sessions (docs/decisions/041-owner-sessions.md): an e-mailed one-time link, then a session
// row per sign-in whose secret only the sealed cookie holds; the row decides, and sign-out ends it.
import { randomBytes } from 'node:crypto'
import { getCookie, getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { sql } from 'kysely'
import { site } from '../../content/site'
import { runtimeConfig } from '../../platform/config.server'
import { db } from '../../platform/db/db.server'
import { stopReading } from '../../platform/http/multipart.server'
import { isSameOriginRequest } from '../../platform/http/origin.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { limitVisitor } from '../../platform/http/rate-limit.server'
import { forwardedClient } from '../../platform/http/trusted-proxy.server'
import { log } from '../../platform/log/logger.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { ownerEmail } from '../../platform/transport/mail.server'
import { OWNER_FILE_HEADERS } from './owner-files.server'
import {
  consumeSignInToken,
  hashToken,
  ownerUserId,
  requestSignInLink,
  sameAddress,
  sealSessionSecret,
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
  SIGN_IN_CLIENT_LIMIT,
  unsealSessionSecret,
} from './sign-in.server'

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

function sessionCookie(value: string, maxAgeSeconds: number): string {
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
  let access = accesses.get(request)
  if (!access) {
    access = openSession(getCookie(SESSION_COOKIE))
    accesses.set(request, access)
  }
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

/** Ends the row, and with `everywhere` every row of the owner. */
async function endSession(secretHash: string, everywhere: boolean): Promise<void> {
  const owners = db.selectFrom('owner_sessions').select('user_id').where('secret_hash', '=', secretHash)
  const { numUpdatedRows } = await db
    .updateTable('owner_sessions')
    .set({ revoked_at: sql`now()` })
    .where('revoked_at', 'is', null)
    .where((row) => (everywhere ? row('user_id', 'in', owners) : row('secret_hash', '=', secretHash)))
    .executeTakeFirst()
  const sessions = Number(numUpdatedRows)
  if (sessions > 0) log('owner').info({ sessions }, everywhere ? 'owner signed out everywhere' : 'owner signed out')
}

/** Ended rows are kept a day for the log's sake, then go. */
async function startSession(): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  const dayAgo = sql<Date>`now() - interval '1 day'`
  const { expires_at } = await db
    .with('old', (old) =>
      old
        .deleteFrom('owner_sessions')
        .where((row) => row.or([row('expires_at', '<', dayAgo), row('revoked_at', '<', dayAgo)])),
    )
    .insertInto('owner_sessions')
    .values({
      secret_hash: hashToken(secret),
      user_id: ownerUserId(ownerEmail(runtimeConfig())),
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_MAX_DAYS})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow()
  const seconds = Math.max(1, Math.floor((expires_at.getTime() - Date.now()) / 1000))
  return sessionCookie(await sealSessionSecret(runtimeConfig().owner.sessionSecret!, secret, seconds), seconds)
}

function redirect(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' })
  if (cookie) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** Counted in the database, so every instance shares them; 0, or the seconds to wait. */
function signInHit(bucket: 'client' | 'token' | 'owner', who: string): Promise<number> {
  const limit = bucket === 'owner' ? { count: 1, windowMs: runtimeConfig().owner.linkWindowMs } : SIGN_IN_CLIENT_LIMIT
  return limitVisitor(db, `owner-sign-in:${bucket}`, who, limit)
}

function tooMany(seconds: number): Response {
  return new Response(`Too many sign-in requests. Try again in ${Math.ceil(seconds / 60)} minutes.`, {
    status: 429,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(seconds) },
  })
}

// Sent after the answer, so every address gets the same answer in the same time.
function sendOwnerLinkLater(): void {
  const database = db
  void signInHit('owner', 'owner')
    .then(async (waitSeconds) => {
      // The last link sent is still valid (decision 052): the owner is never left without one.
      if (waitSeconds > 0) return log('owner').warn('sign-in link not sent: one was sent within OWNER_LINK_WINDOW_MS')
      await requestSignInLink(
        database,
        { siteUrl: site.baseUrl, ownerAddress: ownerEmail(runtimeConfig()) },
        new Date(),
      )
      deliverSoon()
    })
    .catch((error: unknown) => log('owner').error({ err: error }, 'sign-in link not sent'))
}

export async function handleSignInPost(request: Request, socketAddress: string | undefined): Promise<Response> {
  const form = await readPlainForm(request, 2048)
  if (form instanceof Response) return form
  if (!form) return new Response('Bad request', { status: 400 })
  const password = runtimeConfig().owner.sessionSecret
  if (!password) return redirect('/owner')
  const cleared = sessionCookie('', 0)

  if (form.text('sign-out') !== undefined) {
    const secret = await unsealSessionSecret(getCookie(SESSION_COOKIE), password)
    if (secret) await endSession(hashToken(secret), form.text('sign-out') === 'everywhere')
    return redirect('/owner', cleared)
  }

  const visitor = forwardedClient(request.headers.get('x-forwarded-for'), socketAddress, runtimeConfig().trustedProxy)
  if (form.text('token') !== undefined) {
    if (await consumeSignInToken(db, form.text('token'))) {
      log('owner').info('owner signed in')
      return redirect('/owner', await startSession())
    }
    // Counted after the check, so a stranger's guesses never lock the owner's own link out.
    const seconds = await signInHit('token', visitor)
    if (seconds > 0) return tooMany(seconds)
    log('owner').info('sign-in link refused (unknown, used or expired)')
    return redirect('/owner?link=expired')
  }

  const seconds = await signInHit('client', visitor)
  if (seconds > 0) return tooMany(seconds)
  if (sameAddress((form.text('email') ?? '').slice(0, 254), ownerEmail(runtimeConfig()))) sendOwnerLinkLater()
  log('owner').info('sign-in link asked for')
  return redirect('/owner?link=sent')
}
