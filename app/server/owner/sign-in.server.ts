// docs/decisions/033-owner-inbox.md
import { createHash, randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { sealData, unsealData } from 'iron-session'

export const SIGN_IN_LINK_MINUTES = 15
export const SESSION_COOKIE = 'owner_session'
export const SESSION_DAYS = 30
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

/** Supabase mode also holds the owner's Supabase Auth tokens. */
export interface SessionData {
  email: string
  supabase?: { userId: string; accessToken: string; refreshToken: string; expiresAt: number }
}

export function sealSession(secret: string, email: string, supabase?: SessionData['supabase']): Promise<string> {
  return sealData({ email, supabase } satisfies SessionData, { password: secret, ttl: SESSION_DAYS * 86_400 })
}

/** The cookie must name today's owner address. */
export async function readOwnerSession(
  cookie: string | undefined,
  secret: string | undefined,
  ownerEmail: string,
): Promise<SessionData | null> {
  if (!cookie || !secret) return null
  try {
    const data = await unsealData<Partial<SessionData>>(cookie, { password: secret, ttl: SESSION_DAYS * 86_400 })
    return typeof data.email === 'string' && sameAddress(data.email, ownerEmail) ? (data as SessionData) : null
  } catch {
    return null
  }
}

export async function isOwnerSession(
  cookie: string | undefined,
  secret: string | undefined,
  ownerEmail: string,
): Promise<boolean> {
  return (await readOwnerSession(cookie, secret, ownerEmail)) !== null
}
