// Visitor limits counted in the database, so N instances allow each limit once (docs/decisions/021).
import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import { sql } from 'kysely'
import type { Db } from '../db/database.server'
import { ipHashSalt } from '../db/settings.server'

/** The eight groups of an IPv6 address, as numbers; the URL parser writes an embedded IPv4 tail as two. */
function ipv6Groups(address: string): number[] {
  const [head, tail] = new URL(`http://[${address}]`).hostname.slice(1, -1).split('::') as [string, string | undefined]
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const start = parse(head)
  const end = parse(tail)
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end]
}

/**
 * Who a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its /64, the
 * block one household or server is given, so its other 2^64 addresses are the same visitor (decision 052).
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '')
  if (isIP(address) !== 6) return address
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The salted SHA-256 of a visitor's client key: stored with leads and counted by limits, never the address. */
export async function visitorHash(db: Db, ip: string): Promise<string | null> {
  return ip
    ? createHash('sha256')
        .update(`${await ipHashSalt(db)}:${clientKey(ip)}`)
        .digest('hex')
    : null
}

/** A refused hit's wait, in whole seconds (at least 1). */
export const retrySeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000))

/**
 * One hit of `key` in `bucket`, counted by the SQL function when the statement selecting it runs: the milliseconds
 * until a place frees, or 0 when allowed.
 */
export function hitWait(bucket: string | null, key: string | null, count: number | null, windowMs: number | null) {
  return sql<number>`(SELECT CASE WHEN h.allowed THEN 0 ELSE h.retry_after_ms END
    FROM public.hit_rate_limit(${bucket}, ${key}, ${count}, ${windowMs}) h)`
}

/**
 * One hit of this visitor in `bucket`: 0 when allowed, else the seconds until a place frees. An unknown address
 * is not limited, so one bad proxy setting cannot block everyone.
 */
export async function limitVisitor(
  db: Db,
  bucket: string,
  ip: string,
  limit: { count: number; windowMs: number },
): Promise<number> {
  const key = await visitorHash(db, ip)
  if (!key || limit.count <= 0) return 0
  // The function takes an integer: a count multiplied past it (page views are 12 × QUOTE_RATE_LIMIT) is no limit.
  const count = Math.min(limit.count, 2_147_483_647)
  const { rows } = await sql<{ wait: number }>`SELECT ${hitWait(bucket, key, count, limit.windowMs)} AS wait`.execute(
    db,
  )
  return rows[0]!.wait > 0 ? retrySeconds(rows[0]!.wait) : 0
}

/** Deletes the hits whose window has passed, in one statement: no request sweeps them (decision 060). */
export async function sweepExpiredHits(db: Db): Promise<number> {
  const swept = await db
    .deleteFrom('rate_limit_hits')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst()
  return Number(swept.numDeletedRows)
}
