// send-quote-email (docs/product.md, "Calls to the backend"): stores a lead and everything to be sent about it
// in one transaction (record_lead), then wakes the outbox's worker. The visitor's answer never waits
// for an e-mail, a webhook or a push (docs/decisions/008-lead-outbox.md, 048-follow-through.md).
import { leadSourceColumns, type LeadSource } from '~/lib/lead-source/lead-source'
import type { Backend } from '../backend/backend.server'
import { businessMinutesLater } from '../backend/business-hours.server'
import { retrySeconds } from '../http/rate-limit.server'
import type { FingerprintFields } from './lead-fields.server'

/** Where and when (street, zip, preferredTime) are optional: absent or '' is "not given". */
export interface StoredLeadInput extends FingerprintFields {
  /** outsideServiceArea(zip) (lead-fields.server.ts): ignored without a ZIP. */
  outsideArea?: boolean | null
  /** How the visit found the site, and its one channel (lead-source.ts); absent: not known. */
  source?: LeadSource
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

/** The row as the form gives it, in the table's column names (supabase/migrations/). */
function leadColumns(lead: StoredLeadInput) {
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
    preferred_time: given(lead.preferredTime),
    outside_area: zip ? (lead.outsideArea ?? null) : null,
    source_channel: source.channel,
    source_tags: source.tags,
    landing_path: source.landingPath,
    referrer_host: source.referrerHost,
    heard_about: source.heardAbout,
  }
}

export async function storeLead(backend: Backend, lead: StoredLeadInput): Promise<StoredLead> {
  const { config } = backend
  const alerts = Boolean(config.owner.vapid)
  const minutes = alerts && config.escalationMinutes > 0 ? config.escalationMinutes : 0
  const request = {
    lead: leadColumns(lead),
    webhook: Boolean(config.leadWebhook),
    push: alerts,
    acknowledge: config.customerAcknowledgement,
    limit: lead.limit,
    ...(minutes ? { escalateAt: businessMinutesLater(backend.now(), minutes), escalateMinutes: minutes } : {}),
  }
  const db = await backend.db()
  const { rows } = await db.query<{ lead_id: string; duplicate: boolean; queued: boolean; retry_after_ms: number }>(
    'SELECT * FROM public.record_lead($1)',
    [JSON.stringify(request)],
  )
  const row = rows[0]
  if (!row) throw new Error('record_lead returned no row')
  if (row.retry_after_ms > 0) throw new VisitorLimitedError(retrySeconds(row.retry_after_ms))
  if (row.queued) backend.deliverSoon()
  return { id: row.lead_id, duplicate: row.duplicate }
}
