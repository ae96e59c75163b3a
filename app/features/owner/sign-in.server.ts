// Sign-in links and the session cookie's seal: docs/decisions/033-owner-inbox.md and 041.
import { createHash, randomBytes } from 'node:crypto'
import { sealData, unsealData } from 'iron-session'
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'
import { enqueue, ownerMail } from '../../platform/outbox/outbox.server'
import { composeMail } from '../../platform/transport/mail.server'
import { messages } from '../../content/messages'

export const SIGN_IN_LINK_MINUTES = 15
/** A session unused this long ends; every session ends this long after its sign-in. */
export const SESSION_IDLE_DAYS = 30
export const SESSION_MAX_DAYS = 90
/**
 * Link requests per client (an IPv6 client by its /64) per 15 minutes, and links sent to the owner: one per 3
 * minutes, whoever asks. A refused link leaves the last one sent valid, for 12 more minutes at least, so his
 * mailbox always holds one that works (docs/decisions/052-hostile-input.md).
 */
export const SIGN_IN_CLIENT_LIMIT = { count: 5, windowMs: 15 * 60_000 }
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** The owner's id in owner_sessions, from the address: a new OWNER_EMAIL ends the old address's sessions. */
export function ownerUserId(email: string): string {
  const hex = createHash('sha256').update(`embedded-owner:${email.trim().toLowerCase()}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
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
  if (typeof token !== 'string' || !TOKEN.test(token)) return false
  const used = await db
    .updateTable('owner_sign_in_links')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  return Number(used.numUpdatedRows) === 1
}

/** The cookie holds only the session's secret, sealed; the row it hashes to decides (decision 041). */
export async function sealSessionSecret(password: string, secret: string, ttlSeconds: number): Promise<string> {
  return sealData({ sid: secret }, { password, ttl: ttlSeconds })
}

export async function unsealSessionSecret(cookie: string | undefined, password: string): Promise<string | null> {
  if (!cookie) return null
  try {
    const data = await unsealData<{ sid?: unknown }>(cookie, { password, ttl: SESSION_MAX_DAYS * 86_400 })
    return typeof data.sid === 'string' && TOKEN.test(data.sid) ? data.sid : null
  } catch {
    return null
  }
}
