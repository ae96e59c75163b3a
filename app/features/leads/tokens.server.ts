// The quote form's tokens, signed with a key every instance derives from the database's salt: the form token
// times how long a form was open (docs/decisions/017-server-fill-time.md), the photo token lets one visitor add
// photos to the lead just stored, for 24 hours (044).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../platform/db/database.server'
import { ipHashSalt } from '../../platform/db/settings.server'
import { log } from '../../platform/log/logger.server'
import { PHOTO_TOKEN_PATTERN } from './lead-photo-statuses'

export type FormTokenCheck = { ok: true; elapsedMs: number } | { ok: false; reason: 'no-token' | 'bad-token' }
export type PhotoTokenCheck =
  { ok: true; leadId: string; tokenHash: string } | { ok: false; reason: 'bad-token' | 'expired' }

export type FormTokens = ReturnType<typeof createFormTokens>
export type PhotoTokens = ReturnType<typeof createPhotoTokens>

/** Instances' clocks may differ a little. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000
export const PHOTO_TOKEN_TTL_MS = 24 * 60 * 60_000
const FORM_TOKEN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/

/** Each kind its own key: a form token can never pass as a photo token. */
function signer(secret: string, purpose: string, length?: number) {
  const key = createHmac('sha256', secret).update(purpose).digest()
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, length)
  return {
    token: (body: string) => `${body}.${sign(body)}`,
    verify: (body: string, mac: string) => timingSafeEqual(Buffer.from(sign(body)), Buffer.from(mac)),
  }
}

const nonce = () => randomBytes(12).toString('base64url')

export function createFormTokens(secret: string, now: () => number = Date.now) {
  const { token, verify } = signer(secret, 'quote-form-token:v1', 22)
  return {
    issue: (issuedAt = now()) => token(`${Math.max(0, Math.trunc(issuedAt)).toString(36)}.${nonce()}`),
    check(value: string | null | undefined): FormTokenCheck {
      if (!value?.trim()) return { ok: false, reason: 'no-token' }
      const [, issued = '', random = '', mac = ''] = FORM_TOKEN.exec(value.trim()) ?? []
      if (!mac || !verify(`${issued}.${random}`, mac)) return { ok: false, reason: 'bad-token' }
      const elapsedMs = now() - parseInt(issued, 36)
      if (elapsedMs < -MAX_CLOCK_SKEW_MS) return { ok: false, reason: 'bad-token' }
      return { ok: true, elapsedMs: Math.max(0, elapsedMs) }
    },
  }
}

export function createPhotoTokens(secret: string, now: () => number = Date.now) {
  const { token, verify } = signer(secret, 'lead-photo-token:v1')
  return {
    issue: (leadId: string) =>
      token(`${leadId.toLowerCase()}.${Math.trunc(now() + PHOTO_TOKEN_TTL_MS).toString(36)}.${nonce()}`),
    check(value: string | null | undefined): PhotoTokenCheck {
      const text = value?.trim() ?? ''
      const [leadId = '', expires = '', random = '', mac = ''] = PHOTO_TOKEN_PATTERN.test(text) ? text.split('.') : []
      if (!mac || !verify(`${leadId}.${expires}.${random}`, mac)) return { ok: false, reason: 'bad-token' }
      if (now() > parseInt(expires, 36)) return { ok: false, reason: 'expired' }
      return { ok: true, leadId, tokenHash: createHash('sha256').update(text).digest('hex') }
    },
  }
}

/** Loaded once per database (its salt is the key); a failed load is not kept, so the next call retries. */
function loadOnce<T>(create: (secret: string) => T, what: string) {
  const loading = new WeakMap<Db, Promise<T>>()
  return (db: Db): Promise<T> => {
    const known = loading.get(db)
    if (known) return known
    const attempt = ipHashSalt(db).then(create)
    loading.set(db, attempt)
    attempt.catch((error: unknown) => {
      if (loading.get(db) === attempt) loading.delete(db)
      log('quote').error({ err: error }, `could not load the ${what} key`)
    })
    return attempt
  }
}

const loaded = new WeakMap<Db, FormTokens>()
export const formTokens = loadOnce((secret) => createFormTokens(secret), 'form-token')
export const photoTokens = loadOnce((secret) => createPhotoTokens(secret), 'photo-token')

/** The key of `db`'s form tokens, kept at hand: a page renders its token without waiting (app/start.ts). */
export async function loadFormTokens(db: Db): Promise<void> {
  loaded.set(db, await formTokens(db))
}

/** Empty until loadFormTokens(db) loaded the key. */
export function issueRenderedFormToken(db: Db): string {
  return loaded.get(db)?.issue() ?? ''
}

export function formTokensLoaded(db: Db): boolean {
  return loaded.has(db)
}
