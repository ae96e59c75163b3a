// The no-JavaScript quote form's photo token, carried from its post to the result page in a cookie (decision 060):
// never in an address, so never in history, a Referer or a log line; sent only to /quote-request, gone once used.
import { getCookie } from '@tanstack/react-start/server'
import { site } from '../../content/site'
import { PHOTO_TOKEN_PATTERN } from './lead-photo-statuses'
import { PHOTO_TOKEN_TTL_MS } from './tokens.server'

// From SITE_URL, never from the request, as the owner's cookie.
const SECURE_SITE = site.baseUrl.startsWith('https:')
export const PHOTO_TOKEN_COOKIE = SECURE_SITE ? '__Secure-photo_token' : 'photo_token'
const ATTRIBUTES = `Path=/quote-request; HttpOnly; SameSite=Strict${SECURE_SITE ? '; Secure' : ''}`

/** Lasts as long as the token itself. */
export const photoTokenCookie = (token: string) =>
  `${PHOTO_TOKEN_COOKIE}=${token}; Max-Age=${PHOTO_TOKEN_TTL_MS / 1000}; ${ATTRIBUTES}`

export const clearedPhotoTokenCookie = () => `${PHOTO_TOKEN_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`

/** The token the result page offers the photo form with; a value of any other shape is no token. */
export function photoTokenFrom(): string | null {
  const value = getCookie(PHOTO_TOKEN_COOKIE)
  return value && PHOTO_TOKEN_PATTERN.test(value) ? value : null
}
