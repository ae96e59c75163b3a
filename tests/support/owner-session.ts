// The owner signed in as the e-mailed link signs him in (decision 041), without the e-mail: a session row, and the
// cookie's value that opens it. For Vitest (tests/server/helpers.ts) and Playwright (e2e/support/owner.ts).
import { randomBytes } from 'node:crypto'
import type { Db } from '../../app/platform/db/database.server'
import {
  hashToken,
  ownerUserId,
  sealSessionSecret,
  SESSION_MAX_DAYS,
} from '../../app/platform/http/owner-access.server'

/** Stores a session for `email` that ends as a new sign-in's does; the cookie value sealed with `password`. */
export async function insertOwnerSession(db: Db, email: string, password: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  const seconds = SESSION_MAX_DAYS * 86_400
  await db
    .insertInto('owner_sessions')
    .values({
      secret_hash: hashToken(secret),
      user_id: ownerUserId(email),
      expires_at: new Date(Date.now() + seconds * 1000),
    })
    .execute()
  return sealSessionSecret(password, secret, seconds)
}
