// The limits of the customer's acknowledgement (docs/decisions/048-follow-through.md, 052): an inbox (the SHA-256
// of its normalized address) once in 24 hours, a client once an hour, and 30 an hour in all, kept as
// rate_limit_hits rows so that every instance counts them alike.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
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

/** One row: whether an acknowledgement to these keys may go now, by the hits of the last day and hour. */
function withinLimits(db: Db, { address, clientKey }: ReturnType<typeof acknowledgementKeys>) {
  const hour = sql<Date>`now() - interval '1 hour'`
  return db
    .selectFrom('rate_limit_hits')
    .select((eb) =>
      eb
        .and([
          eb(
            eb.fn
              .countAll<number>()
              .filterWhere((f) =>
                f.or([
                  f.and([
                    f('bucket', '=', 'ack-address'),
                    f('key', '=', address),
                    f('hit_at', '>', sql<Date>`now() - interval '24 hours'`),
                  ]),
                  f.and([f('bucket', '=', 'ack-client'), f('key', '=', clientKey), f('hit_at', '>', hour)]),
                ]),
              ),
            '=',
            0,
          ),
          eb(
            eb.fn.countAll<number>().filterWhere((f) => f.and([f('bucket', '=', 'ack-all'), f('hit_at', '>', hour)])),
            '<',
            ALL_PER_HOUR,
          ),
        ])
        .as('allowed'),
    )
    .where('bucket', 'in', ['ack-address', 'ack-client', 'ack-all'])
}

/**
 * Whether an acknowledgement to these keys (acknowledgementKeys) is within its limits, as a query a lead's
 * statement selects: a look without a lock (the worker decides, acknowledgementAllowed).
 */
export const acknowledgementLooksAllowed = (db: Db, address: string, clientKey: string | null) =>
  withinLimits(db, { address, clientKey })

/** The hits an acknowledgement adds as it goes; none when over. */
async function acknowledgementHits(db: Db, email: string, client: string | null) {
  const keys = acknowledgementKeys(email, client)
  const { allowed } = await withinLimits(db, keys).executeTakeFirstOrThrow()
  if (!allowed) return []
  const hits = [
    { bucket: 'ack-address', key: keys.address },
    { bucket: 'ack-client', key: keys.clientKey },
    { bucket: 'ack-all', key: 'all' },
  ]
  return hits.filter((hit): hit is { bucket: string; key: string } => hit.key !== null)
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
    await tx
      .deleteFrom('rate_limit_hits')
      .where((eb) =>
        eb.or([
          eb.and([eb('bucket', '=', 'ack-address'), eb('hit_at', '<=', sql<Date>`now() - interval '24 hours'`)]),
          eb.and([
            eb('bucket', 'in', ['ack-client', 'ack-all']),
            eb('hit_at', '<=', sql<Date>`now() - interval '1 hour'`),
          ]),
        ]),
      )
      .execute()
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
