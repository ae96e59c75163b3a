// The limits of the customer's acknowledgement (docs/decisions/048-follow-through.md, 052): an inbox (the SHA-256
// of its normalized address) once in 24 hours, a client once an hour, and 30 an hour in all, kept as
// rate_limit_hits rows so that every instance counts them alike.
import { createHash } from 'node:crypto'
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../platform/db/database.server'

/** The inbox an address reaches: trimmed and lower-cased, its +tag dropped, and for Gmail its dots too. */
export function normalizedEmail(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.includes('@') ? address.lastIndexOf('@') : address.length
  const local = address.slice(0, at).split('+')[0]!
  const domain = address.slice(at + 1)
  // googlemail.com is the same inbox as gmail.com.
  return domain === 'gmail.com' || domain === 'googlemail.com'
    ? `${local.replace(/\./g, '')}@gmail.com`
    : `${local}@${domain}`
}

const ALL_PER_HOUR = 30

/** The rate_limit_hits keys an acknowledgement to `email`, asked for by `client` (a visitor hash), counts against. */
export function acknowledgementKeys(email: string, client: string | null) {
  const address = createHash('sha256').update(normalizedEmail(email)).digest('hex')
  return { address, clientKey: client?.trim().slice(0, 128) || null }
}

/**
 * One row: whether an acknowledgement to these keys may go now, by the hits of the last day and hour. Each look
 * names its bucket, key and window, so it reads that key's recent hits alone, however many the table holds.
 * A lead's statement selects it as a look without a lock; the worker decides (acknowledgementAllowed).
 */
export function acknowledgementWithinLimits(db: Db, address: string, clientKey: string | null) {
  const hitsSince = (bucket: string, key: string | null, since: RawBuilder<Date>) =>
    db.selectFrom('rate_limit_hits').where('bucket', '=', bucket).where('key', '=', key).where('hit_at', '>', since)
  const hour = sql<Date>`now() - interval '1 hour'`
  return db.selectNoFrom((eb) =>
    eb
      .and([
        eb.not(eb.exists(hitsSince('ack-address', address, sql<Date>`now() - interval '24 hours'`).select('key'))),
        eb.not(eb.exists(hitsSince('ack-client', clientKey, hour).select('key'))),
        eb(
          hitsSince('ack-all', 'all', hour).select((count) => count.fn.countAll<number>().as('hits')),
          '<',
          ALL_PER_HOUR,
        ),
      ])
      .as('allowed'),
  )
}

/** The hits an acknowledgement adds as it goes; none when over. */
async function acknowledgementHits(db: Db, email: string, client: string | null) {
  const keys = acknowledgementKeys(email, client)
  const { allowed } = await acknowledgementWithinLimits(db, keys.address, keys.clientKey).executeTakeFirstOrThrow()
  if (!allowed) return []
  // Kept while they count; the outbox's worker deletes them after (sweepExpiredHits).
  const day = sql<Date>`now() + interval '24 hours'`
  const hour = sql<Date>`now() + interval '1 hour'`
  const hits = [
    { bucket: 'ack-address', key: keys.address, expires_at: day },
    { bucket: 'ack-client', key: keys.clientKey, expires_at: hour },
    { bucket: 'ack-all', key: 'all', expires_at: hour },
  ]
  return hits.filter((hit): hit is typeof hit & { key: string } => hit.key !== null)
}

/**
 * Whether the acknowledgement in outbox row `outboxId` may go, decided once under one lock on every instance and
 * kept in the row's payload, so a retried send is not counted again. The worker asks as it sends, so the lead's
 * own transaction takes no lock every lead shares.
 */
export async function acknowledgementAllowed(db: Db, outboxId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('ack-all:all', 0))`.execute(tx)
    const row = await tx
      .selectFrom('outbox')
      .innerJoin('leads', 'leads.id', 'outbox.lead_id')
      .select(['outbox.payload', 'leads.email', 'leads.ip_hash'])
      .where('outbox.id', '=', outboxId)
      .executeTakeFirst()
    if (!row) return false
    const decided = (row.payload as { allowed?: unknown } | null)?.allowed
    if (typeof decided === 'boolean') return decided
    const hits = await acknowledgementHits(tx, row.email, row.ip_hash)
    if (hits.length > 0) await tx.insertInto('rate_limit_hits').values(hits).execute()
    const allowed = hits.length > 0
    await tx
      .updateTable('outbox')
      .set({ payload: JSON.stringify({ allowed }) })
      .where('id', '=', outboxId)
      .execute()
    return allowed
  })
}
