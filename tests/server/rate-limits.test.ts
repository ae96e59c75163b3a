/**
 * Visitor limits as the table grows (docs/decisions/061-lead-writes-that-do-not-slow.md): every lead counts its
 * visitor with hit_rate_limit, so what one count reads must not grow with other visitors' hits; the expired ones
 * go in the outbox worker's sweep.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/platform/db/database.server'
import { rowsOf, useTestSites } from './helpers'

const openSite = useTestSites()
const TEN_MINUTES = 600_000

/** The pages (buffers) one count of `key` reads and writes, its function's statements included. */
async function pagesOfOneHit(db: Db, key: string): Promise<number> {
  const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    db,
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT * FROM public.hit_rate_limit('quote', $1, 5, ${TEN_MINUTES})`,
    [key],
  )
  const plan = row!['QUERY PLAN'][0].Plan
  return plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!
}

describe('visitor limits', { timeout: 90_000 }, () => {
  it("a visitor's count reads as many pages with 5,000 expired hits of others as with none, its plans made on the empty table", async () => {
    const site = await openSite()
    // One connection throughout, so the function's cached plans are those of the first calls, as on a server.
    await site.db.connection().execute(async (db) => {
      for (let i = 0; i < 10; i++)
        await rowsOf(db, `SELECT * FROM public.hit_rate_limit('quote', $1, 5, 60000)`, [`a${i}`])
      const before = Math.max(...[await pagesOfOneHit(db, 'b1'), await pagesOfOneHit(db, 'b2')])
      // Visitors of an hour ago who never came back: half still there, half deleted.
      await rowsOf(
        db,
        `INSERT INTO rate_limit_hits (bucket, key, hit_at)
                     SELECT 'quote', 'gone' || i, now() - interval '1 hour' FROM generate_series(1, 5000) i`,
      )
      await rowsOf(
        db,
        `DELETE FROM rate_limit_hits WHERE key LIKE 'gone%' AND right(key, 1) IN ('0', '2', '4', '6', '8')`,
      )
      const after = [await pagesOfOneHit(db, 'c1'), await pagesOfOneHit(db, 'c2'), await pagesOfOneHit(db, 'c3')]
      // The key's index one level deeper for each of its three lookups, and a leaf split at most; the others' hits
      // themselves, nothing.
      expect(Math.max(...after)).toBeLessThanOrEqual(before + 5)
    })
  })

  it('a visitor who never comes back leaves no hit once its window has passed: the outbox worker sweeps it', async () => {
    const site = await openSite()
    const db = site.db
    await sql`SELECT * FROM public.hit_rate_limit('quote', 'gone', 5, 1)`.execute(db)
    await sql`SELECT * FROM public.hit_rate_limit('quote', 'still-counted', 5, ${TEN_MINUTES})`.execute(db)
    await expect.poll(() => rowsOf(site, `SELECT 1 FROM rate_limit_hits WHERE expires_at <= now()`)).toHaveLength(1)
    await site.outbox.runOnce()
    expect(await rowsOf(site, 'SELECT key FROM rate_limit_hits')).toEqual([{ key: 'still-counted' }])
  })
})
