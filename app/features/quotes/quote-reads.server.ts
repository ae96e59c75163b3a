// The one read of a lead's quote (docs/decisions/053-quotes-and-jobs.md), with its job and whether it expired, as
// the card, the page, the writes and the job reminder take it.
import { sql, type InferResult } from 'kysely'
import * as v from 'valibot'
import type { Db } from '../../platform/db/database.server'

// Items are written only from a parsed draft; read back, they are checked again rather than trusted.
const storedItems = v.array(
  v.object({ id: v.string(), description: v.string(), cents: v.number(), optional: v.boolean() }),
)
const isoDay = (day: Date) => day.toISOString().slice(0, 10)

/** A quote with its job and whether it expired (past valid_until, Pacific), as every reader takes it. */
export function selectQuotes(db: Db) {
  return db
    .selectFrom('quotes as q')
    .leftJoin('jobs as j', 'j.lead_id', 'q.lead_id')
    .selectAll('q')
    .select(['j.uid', 'j.day', 'j.sequence', 'j.cancelled_at'])
    .select((eb) => [
      sql<string | null>`to_char(${eb.ref('j.arrival_start')}, 'HH24:MI')`.as('start'),
      sql<string | null>`to_char(${eb.ref('j.arrival_end')}, 'HH24:MI')`.as('end'),
      eb('q.valid_until', '<', sql<Date>`(now() AT TIME ZONE 'America/Los_Angeles')::date`)
        .$castTo<boolean>()
        .as('expired'),
    ])
}

// The table's CHECKs keep the acceptance's columns set together.
export function toQuote(row: InferResult<ReturnType<typeof selectQuotes>>[number]) {
  return {
    token: row.token,
    // ISO times, as sentAt and the acceptance's `at`.
    firstViewedAt: row.first_viewed_at?.toISOString() ?? null,
    withdrawn: row.withdrawn_at !== null,
    version: row.version,
    items: v.parse(storedItems, row.items),
    note: row.note,
    terms: row.terms,
    // YYYY-MM-DD: the last Pacific day it may be accepted.
    validUntil: isoDay(row.valid_until),
    sentAt: row.sent_at.toISOString(),
    hash: row.hash,
    expired: row.expired,
    // What the customer took: every required item and the options ticked, as they stood, and their total.
    acceptance: row.accepted_at && {
      name: row.accepted_name!,
      at: row.accepted_at.toISOString(),
      items: v.parse(storedItems, row.accepted_items),
      totalCents: row.accepted_total_cents!,
    },
    // The newest "Ask for changes".
    change: row.change_message ? { message: row.change_message, at: row.change_asked_at!.toISOString() } : null,
    // Its day a Pacific YYYY-MM-DD, its window HH:MM, Pacific.
    job: row.uid
      ? {
          uid: row.uid,
          day: isoDay(row.day!),
          start: row.start!,
          end: row.end!,
          sequence: row.sequence!,
          cancelled: row.cancelled_at !== null,
        }
      : null,
  }
}

/** A lead's quote as the card, the page and the e-mails read it. */
export type QuoteFacts = ReturnType<typeof toQuote>

/** Each lead's quote, one read for the whole list. */
export async function quotesOf(db: Db, leadIds: string[]): Promise<Map<string, QuoteFacts>> {
  if (leadIds.length === 0) return new Map()
  const rows = await selectQuotes(db).where('q.lead_id', 'in', leadIds).execute()
  return new Map(rows.map((row) => [row.lead_id, toQuote(row)]))
}

/** A lead's quote as it stands; null when it has none. */
export const quoteOf = async (db: Db, leadId: string) => (await quotesOf(db, [leadId])).get(leadId) ?? null

/** The page's quote and the customer's first name, by the link's token. */
export async function quoteOfToken(db: Db, token: string) {
  const row = await selectQuotes(db)
    .innerJoin('leads as l', 'l.id', 'q.lead_id')
    .select('l.first_name')
    .where('q.token', '=', token)
    .executeTakeFirst()
  return row ? { firstName: row.first_name, quote: toQuote(row) } : null
}
