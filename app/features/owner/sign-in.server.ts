// Owner sign-in (docs/decisions/033-owner-inbox.md and 041): an e-mailed one-time link, then a session row per
// sign-in; sign-out ends it. The session check every owner function makes is app/platform/http/owner-access.
import { randomBytes } from 'node:crypto'
import { getCookie } from '@tanstack/react-start/server'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'
import { enqueue, ownerMail } from '../../platform/outbox/outbox.server'
import { composeMail, ownerEmail } from '../../platform/transport/mail.server'
import { messages } from '../../content/messages'
import { site } from '../../content/site'
import { runtimeConfig } from '../../platform/config.server'
import { db } from '../../platform/db/db.server'
import {
  hashToken,
  ownerUserId,
  sealSessionSecret,
  SECRET_PATTERN,
  SESSION_COOKIE,
  SESSION_MAX_DAYS,
  sessionCookie,
  unsealSessionSecret,
} from '../../platform/http/owner-access.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { limitVisitor } from '../../platform/http/rate-limit.server'
import { forwardedClient } from '../../platform/http/trusted-proxy.server'
import { log } from '../../platform/log/logger.server'
import { deliverSoon } from '../../platform/outbox/worker.server'

export const SIGN_IN_LINK_MINUTES = 15
/**
 * Link requests per client (an IPv6 client by its /64) per 15 minutes, and links sent to the owner: one per 3
 * minutes, whoever asks. A refused link leaves the last one sent valid, for 12 more minutes at least, so his
 * mailbox always holds one that works (docs/decisions/052-hostile-input.md).
 */
export const SIGN_IN_CLIENT_LIMIT = { count: 5, windowMs: 15 * 60_000 }

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/**
 * Queues a link to `ownerAddress`, the only one that can sign in, due at `now` (the cause's clock); the caller has
 * checked the address. Only the link's hash is stored; the e-mail is not sent once the link has expired.
 */
export async function requestSignInLink(
  db: Db,
  { siteUrl, ownerAddress }: { siteUrl: string; ownerAddress: string },
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const link = `${siteUrl.replace(/\/+$/, '')}/owner/sign-in?token=${token}`
  // The link and its e-mail are stored together or not at all.
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('owner_sign_in_links')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute()
    const { expires_at } = await tx
      .insertInto('owner_sign_in_links')
      .values({
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(mins => ${SIGN_IN_LINK_MINUTES})`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow()
    const { subject, lines } = messages.signIn(link)
    const mail = { ...composeMail({ to: ownerAddress, subject, text: lines }), notAfter: expires_at.toISOString() }
    await enqueue(tx, ownerMail, mail, { key: 'sign-in', dueAt: now })
  })
}

/** One UPDATE marks it used: true once per link. */
export async function consumeSignInToken(db: Db, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || !SECRET_PATTERN.test(token)) return false
  const used = await db
    .updateTable('owner_sign_in_links')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
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
