// Visitor limits counted in the database, so N instances allow each limit once (docs/decisions/021).
import type { Queryable } from '../db/database.server'

/** One hit for `key` (a hashed visitor address) in `bucket`: 0 when allowed, else seconds until a place frees. */
export async function hitRateLimit(
  db: Queryable,
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
): Promise<number> {
  if (limit <= 0 || !key) return 0
  const { rows } = await db.query<{ allowed: boolean; retry_after_ms: number }>(
    'SELECT * FROM public.hit_rate_limit($1, $2, $3, $4)',
    [bucket, key, limit, windowMs],
  )
  return rows[0]?.allowed === false ? Math.max(1, Math.ceil(rows[0].retry_after_ms / 1000)) : 0
}
