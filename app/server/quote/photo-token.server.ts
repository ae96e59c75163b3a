/** One-time photo upload tokens bound to a lead (docs/decisions/044-lead-photos.md); "used" is a database row. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Backend } from '../backend/backend.server'
import { sharedSecret } from './form-token.server'

export const PHOTO_TOKEN_TTL_MS = 24 * 60 * 60_000

export type PhotoTokenCheck =
  { ok: true; leadId: string; tokenHash: string } | { ok: false; reason: 'bad-token' | 'expired' }

export interface PhotoTokens {
  issue(leadId: string): string
  check(token: string | null | undefined): PhotoTokenCheck
}

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/

export function createPhotoTokens(secret: string, now: () => number = Date.now): PhotoTokens {
  // Its own key: a form token can never pass as a photo token.
  const key = createHmac('sha256', secret).update('lead-photo-token:v1').digest()
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url')
  return {
    issue(leadId) {
      const expires = Math.trunc(now() + PHOTO_TOKEN_TTL_MS).toString(36)
      const body = `${leadId.toLowerCase()}.${expires}.${randomBytes(12).toString('base64url')}`
      return `${body}.${sign(body)}`
    },
    check(token) {
      const value = token?.trim() ?? ''
      const match = TOKEN.exec(value)
      if (!match) return { ok: false, reason: 'bad-token' }
      const [, leadId = '', expires = '', nonce = '', mac = ''] = match
      const expected = Buffer.from(sign(`${leadId}.${expires}.${nonce}`))
      if (!timingSafeEqual(expected, Buffer.from(mac))) return { ok: false, reason: 'bad-token' }
      if (now() > parseInt(expires, 36)) return { ok: false, reason: 'expired' }
      return { ok: true, leadId, tokenHash: createHash('sha256').update(value).digest('hex') }
    },
  }
}

let loading: Promise<PhotoTokens> | undefined

export function photoTokens(backend: Backend): Promise<PhotoTokens> {
  if (!loading) {
    const attempt = sharedSecret(backend).then((secret) => createPhotoTokens(secret))
    loading = attempt
    attempt.catch(() => {
      if (loading === attempt) loading = undefined
    })
  }
  return loading
}
