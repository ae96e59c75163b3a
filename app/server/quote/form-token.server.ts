/** The server decides how long a form was open: docs/decisions/017-server-fill-time.md. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getBackend, type Backend } from '../backend/backend.server'
import { log } from '../log/logger.server'

export type FormTokenCheck = { ok: true; elapsedMs: number } | { ok: false; reason: 'no-token' | 'bad-token' }

export interface FormTokens {
  issue(issuedAt?: number): string
  check(token: string | null | undefined): FormTokenCheck
}

/** Instances' clocks may differ a little. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000
const TOKEN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/

export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const key = createHmac('sha256', secret).update('quote-form-token:v1').digest()
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, 22)
  return {
    issue(issuedAt = now()) {
      const body = `${Math.max(0, Math.trunc(issuedAt)).toString(36)}.${randomBytes(12).toString('base64url')}`
      return `${body}.${sign(body)}`
    },
    check(token) {
      const value = token?.trim()
      if (!value) return { ok: false, reason: 'no-token' }
      const match = TOKEN.exec(value)
      if (!match) return { ok: false, reason: 'bad-token' }
      const [, issued = '', nonce = '', mac = ''] = match
      const expected = Buffer.from(sign(`${issued}.${nonce}`))
      if (!timingSafeEqual(expected, Buffer.from(mac))) return { ok: false, reason: 'bad-token' }
      const elapsedMs = now() - parseInt(issued, 36)
      if (elapsedMs < -MAX_CLOCK_SKEW_MS) return { ok: false, reason: 'bad-token' }
      return { ok: true, elapsedMs: Math.max(0, elapsedMs) }
    },
  }
}

/** Every instance derives the same key from the database's salt; the photo tokens sign with it too. */
export function sharedSecret(backend: Backend): Promise<string> {
  return backend.ipHashSalt()
}

let loading: Promise<FormTokens> | undefined
let loaded: FormTokens | undefined

export function formTokens(backend: Backend = getBackend()): Promise<FormTokens> {
  if (!loading) {
    const attempt = sharedSecret(backend).then((secret) => (loaded = createFormTokens(secret)))
    loading = attempt
    // Not cached when it failed: the next call retries.
    attempt.catch((error: unknown) => {
      if (loading === attempt) loading = undefined
      log('quote').error({ err: error }, 'could not load the form-token key')
    })
  }
  return loading
}

/** The request middleware loaded the key first (app/start.ts). */
export function issueRenderedFormToken(): string {
  return loaded?.issue() ?? ''
}

export function formTokensLoaded(): boolean {
  return loaded !== undefined
}
