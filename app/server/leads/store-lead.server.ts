// send-quote-email (docs/product.md, "Calls to the backend"): stores a lead and everything to be sent about it
// in one transaction, then wakes the outbox's worker. The visitor's answer never waits for an e-mail, a webhook
// or a push (docs/decisions/008-lead-outbox.md, 048-follow-through.md).
import { sql, type Insertable } from 'kysely'
import { leadSourceColumns, type LeadSource } from '~/lib/lead-source/lead-source'
import type { ServiceId } from '~/content/types'
import type { PreferredTime } from '~/lib/leads/lead-form-constants'
import type { ShownPrice } from '~/lib/quotes/typical-price'
import type { Backend } from '../backend/backend.server'
import { businessMinutesLater } from '../backend/business-hours.server'
import type { Db } from '../db/database.server'
import type { DB } from '../db/schema.gen'
import { retrySeconds } from '../http/rate-limit.server'
import { enqueue } from '../outbox/enqueue.server'
import { acknowledgementHits } from './acknowledgement.server'
import type { FingerprintFields } from './lead-fields.server'

/** Where and when (street, zip, preferredTime) are optional: absent or '' is "not given". */
export interface StoredLeadInput extends FingerprintFields {
  /** outsideServiceArea(zip) (lead-fields.server.ts): ignored without a ZIP. */
  outsideArea?: boolean | null
  /** How the visit found the site, and its one channel (lead-source.ts); absent: not known. */
  source?: LeadSource
  /** The service chosen on the form, and the typical price the stored list gives it (decision 057). */
  serviceId?: ServiceId | null
  shownPrice?: ShownPrice | null
  /** Includes the fields' fingerprint: a changed form is a new lead. */
  idempotencyKey: string
  /** Set: stored as suspected spam, and nothing is sent (docs/decisions/009-suspected-spam-stored.md). */
  spamReason: string | null
  sourcePage: string | null
  userAgent: string | null
  ipHash: string | null
  /** The visitor's limit, counted against ipHash in the lead's own transaction (one write a lead). */
  limit?: { bucket: string; count: number; windowMs: number }
}

export interface StoredLead {
  id: string
  /** The same idempotency key was stored before: nothing new was queued. */
  duplicate: boolean
}

/** The visitor was over `limit`: nothing was stored. */
export class VisitorLimitedError extends Error {
  override name = 'VisitorLimitedError'
  constructor(readonly retryAfterSeconds: number) {
    super(`visitor limited for ${retryAfterSeconds} s`)
  }
}

const given = (value: string | undefined) => value?.trim() || null

/** The row as the form gives it; typed, so a renamed column fails tsc here too. */
function leadColumns(lead: StoredLeadInput): Insertable<DB['leads']> {
  const zip = given(lead.zip)
  const source = leadSourceColumns(lead.source)
  return {
    first_name: lead.firstName,
    email: lead.email,
    phone: lead.phone,
    idempotency_key: lead.idempotencyKey,
    source_page: lead.sourcePage,
    user_agent: lead.userAgent,
    ip_hash: lead.ipHash,
    spam_reason: lead.spamReason ? lead.spamReason.slice(0, 200) : null,
    service_street: given(lead.street),
    service_zip: zip,
    // One of PREFERRED_TIMES: the form's schema checked it.
    preferred_time: given(lead.preferredTime) as PreferredTime | null,
    outside_area: zip ? (lead.outsideArea ?? null) : null,
    source_channel: source.channel,
    source_tags: source.tags && JSON.stringify(source.tags),
    landing_path: source.landingPath,
    referrer_host: source.referrerHost,
    heard_about: source.heardAbout,
    service_id: lead.serviceId ?? null,
    price_size: lead.shownPrice?.size || null,
    price_low_cents: lead.shownPrice?.lowCents ?? null,
    price_high_cents: lead.shownPrice?.highCents ?? null,
    price_minimum_cents: lead.shownPrice?.minimumCents ?? null,
  }
}

/** The visitor's hit against `limit`, counted by the SQL function; the milliseconds to wait, or 0. */
async function limitWait(db: Db, key: string, limit: NonNullable<StoredLeadInput['limit']>): Promise<number> {
  const { rows } = await sql<{ allowed: boolean; retry_after_ms: number }>`
    SELECT * FROM public.hit_rate_limit(${limit.bucket}, ${key}, ${limit.count}, ${limit.windowMs})`.execute(db)
  return rows[0]?.allowed === false ? rows[0].retry_after_ms : 0
}

/**
 * Stores a lead and queues what is sent about it, in one transaction (one commit on PGlite, decision 050). A
 * repeated idempotency key is the same lead (duplicate), except that a clean retry of a suspected-spam lead
 * rescues it and queues its deliveries once. A visitor over the limit gets VisitorLimitedError, nothing stored.
 */
export async function storeLead(backend: Backend, lead: StoredLeadInput): Promise<StoredLead> {
  const { config } = backend
  const push = Boolean(config.owner.vapid)
  const minutes = push && config.escalationMinutes > 0 ? config.escalationMinutes : 0
  const escalateAt = minutes ? businessMinutesLater(backend.now(), minutes) : null
  const row = leadColumns(lead)
  const db = await backend.db()
  const stored = await db.transaction().execute(async (tx) => {
    const wait = lead.limit && row.ip_hash ? await limitWait(tx, row.ip_hash, lead.limit) : 0
    if (wait > 0) throw new VisitorLimitedError(retrySeconds(wait))
    const inserted = await tx
      .insertInto('leads')
      .values({ ...row, status: row.spam_reason ? 'suspected_spam' : 'new' })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    let id = inserted?.id
    if (!id) {
      const before = await tx
        .selectFrom('leads')
        .select(['id', 'status'])
        .where('idempotency_key', '=', row.idempotency_key)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (before.status !== 'suspected_spam' || row.spam_reason)
        return { id: before.id, duplicate: true, queued: false }
      await tx.updateTable('leads').set({ status: 'new', spam_reason: null }).where('id', '=', before.id).execute()
      id = before.id
    } else if (row.spam_reason) return { id, duplicate: false, queued: false }
    // A lead already over the acknowledgement's limits queues none (a look without a lock: the worker decides).
    const acknowledge =
      config.customerAcknowledgement && (await acknowledgementHits(tx, row.email, row.ip_hash ?? null)).length > 0
    // `keep`: a rescued lead may have had some of these already.
    for (const [template, wanted] of [
      ['owner_notification', true],
      ['lead_webhook', Boolean(config.leadWebhook)],
      ['owner_push', push],
      ['customer_acknowledgement', acknowledge],
    ] as const)
      if (wanted) await enqueue(tx, template, { leadId: id })
    if (escalateAt) await enqueue(tx, 'owner_escalation', { leadId: id, dueAt: escalateAt, payload: { minutes } })
    return { id, duplicate: false, queued: true }
  })
  if (stored.queued) backend.deliverSoon()
  return { id: stored.id, duplicate: stored.duplicate }
}
