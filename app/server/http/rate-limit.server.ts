// Visitor limits counted in the database, so N instances allow each limit once (docs/decisions/021).
import { createHash } from 'node:crypto'
import type { Backend } from '../backend/backend.server'

/** The salted SHA-256 of a visitor's address: stored with leads and counted by limits, never the address. */
export async function visitorHash(backend: Pick<Backend, 'ipHashSalt'>, ip: string): Promise<string | null> {
  return ip
    ? createHash('sha256')
        .update(`${await backend.ipHashSalt()}:${ip}`)
        .digest('hex')
    : null
}

/**
 * One hit of this visitor in `bucket`: 0 when allowed, else the seconds until a place frees. An unknown address
 * is not limited, so one bad proxy setting cannot block everyone.
 */
export async function limitVisitor(
  backend: Pick<Backend, 'ipHashSalt' | 'db'>,
  bucket: string,
  ip: string,
  limit: { count: number; windowMs: number },
): Promise<number> {
  const key = await visitorHash(backend, ip)
  if (!key || limit.count <= 0) return 0
  const { rows } = await (
    await backend.db()
  ).query<{ allowed: boolean; retry_after_ms: number }>('SELECT * FROM public.hit_rate_limit($1, $2, $3, $4)', [
    bucket,
    key,
    limit.count,
    limit.windowMs,
  ])
  return rows[0]?.allowed === false ? Math.max(1, Math.ceil(rows[0].retry_after_ms / 1000)) : 0
}
