// Embedded sign-in links and the session cookie's seal: docs/decisions/033-owner-inbox.md and 041.
import { createHash, randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sealData, unsealData } from 'iron-session'

export const SIGN_IN_LINK_MINUTES = 15
/** The absolute limit the owner_sessions rows also keep (owner_session_limits()). */
export const SESSION_MAX_DAYS = 90
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** Only for the owner's address; the caller answers alike. Only a link's hash is stored. */
export async function requestSignInLink(
  db: PGlite,
  input: { email: string; ownerEmail: string; siteUrl: string },
): Promise<boolean> {
  if (!sameAddress(input.email, input.ownerEmail)) return false
  const token = randomBytes(32).toString('base64url')
  const link = `${input.siteUrl.replace(/\/+$/, '')}/owner/sign-in?token=${token}`
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM public.owner_sign_in_links WHERE expires_at < now() - interval '1 day'`)
    const inserted = await tx.query<{ expires_at: Date }>(
      `INSERT INTO public.owner_sign_in_links (token_hash, expires_at)
       VALUES ($1, now() + ($2::int * interval '1 minute')) RETURNING expires_at`,
      [hashToken(token), SIGN_IN_LINK_MINUTES],
    )
    await tx.query(`INSERT INTO public.quote_outbox (kind, payload) VALUES ('owner_sign_in', $1)`, [
      { link, expiresAt: inserted.rows[0]!.expires_at },
    ])
  })
  return true
}

/** One UPDATE marks it used: true once per link. */
export async function consumeSignInToken(db: PGlite, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return false
  const used = await db.query(
    `UPDATE public.owner_sign_in_links SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  )
  return used.affectedRows === 1
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
