// The site's per-visitor limits, counted in the database so every site instance shares them
// (docs/decisions/021-shared-rate-limits.md). The site sends a salted hash of the visitor's address.
import type { FunctionsDb } from './db.ts'
import { errorMessage, log } from './log.ts'

export const RATE_KEY_HEADER = 'x-rate-limit-key'
/** `<limit>/<window in ms>`: the site's configuration, so it stays in one place. */
export const RATE_LIMIT_HEADER = 'x-rate-limit'

export type RateLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number }

export async function checkRateLimit(req: Request, bucket: string, db: () => FunctionsDb): Promise<RateLimitVerdict> {
  const key = req.headers.get(RATE_KEY_HEADER)?.trim() ?? ''
  const setting = req.headers
    .get(RATE_LIMIT_HEADER)
    ?.trim()
    .match(/^(\d{1,6})\/(\d{1,10})$/)
  if (!/^[0-9a-f]{16,128}$/.test(key) || !setting) return { limited: false }
  const limit = Number(setting[1])
  const windowMs = Math.min(Number(setting[2]), 2_147_483_647)
  if (limit <= 0 || windowMs <= 0) return { limited: false }
  try {
    const hit = await db().hitRateLimit(bucket, key, limit, windowMs)
    return hit.allowed ? { limited: false } : { limited: true, retryAfterSeconds: Math.ceil(hit.retryAfterMs / 1000) }
  } catch (error) {
    // A lead matters more than the limit: a database hiccup here must not refuse the visitor.
    log.error(`[rate-limit] ${bucket} not counted: ${errorMessage(error)}`)
    return { limited: false }
  }
}
