// send-quote-email (docs/product.md, "Calls to the backend"): stores a lead and everything to be sent about it
// in one transaction, then wakes the outbox's worker. The visitor's answer never waits for an e-mail, a webhook
// or a push (docs/decisions/008-lead-outbox.md, 048-follow-through.md).
import { sql, type Insertable } from 'kysely'
import { leadSourceColumns, type LeadSource } from '~/features/leads/lead-source'
import type { ServiceId } from '~/content/types'
import type { PreferredTime } from '~/features/leads/lead-form-constants'
import type { ShownPrice } from '~/features/prices/typical-price'
import type { Backend } from '../../platform/backend.server'
import { businessMinutesLater } from '../../platform/time/business-hours.server'
import { reusedQuery, type Value } from '../../platform/db/reused-query.server'
import type { DB } from '../../platform/db/schema.gen'
import { hitWait, retrySeconds } from '../../platform/http/rate-limit.server'
import { enqueue, type OutboxTemplate } from '../../platform/outbox/enqueue.server'
import { TEMPLATES } from '../../platform/outbox/templates.server'
import { acknowledgementKeys, acknowledgementLooksAllowed } from './acknowledgement.server'
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

/** What changes the text of a lead's statement: its columns, the limit it counts and the rows it queues. */
interface LeadShape {
  columns: (keyof Insertable<DB['leads']> & string)[]
  limited: boolean
  /** Queued at once for a lead that is not suspected spam. */
  templates: OutboxTemplate[]
  /** The customer's acknowledgement, queued only within its limits (a look without a lock: the worker decides). */
  acknowledgement: boolean
  /** The owner's push again, due at `escalateAt` if the lead is still new. */
  escalation: boolean
}

type LeadValues = Insertable<DB['leads']> & {
  limitBucket: string | null
  limitKey: string | null
  limitCount: number | null
  limitWindowMs: number | null
  acknowledgementAddress: string
  acknowledgementClient: string | null
  /** Now by the backend's clock, which the outbox claims by: when the rows that go at once are due. */
  queuedAt: Date
  escalateAt: Date | null
  escalationPayload: string | null
}

/**
 * A lead in one statement, the site's busiest write (decision 058): the visitor's rate-limit hit and the look at
 * the acknowledgement's limits, then, within the limit, the lead and, unless it is suspected spam, its outbox rows.
 * `id` is null when refused (`wait` > 0) or when the idempotency key was stored before: then nothing is stored.
 */
const writeLead = reusedQuery((value: Value<LeadValues>, shape: LeadShape, db) => {
  const queued: { template: OutboxTemplate; limited?: boolean; due?: boolean }[] = [
    ...shape.templates.map((template) => ({ template })),
    ...(shape.acknowledgement ? [{ template: 'customer_acknowledgement' as const, limited: true }] : []),
    ...(shape.escalation ? [{ template: 'owner_escalation' as const, due: true }] : []),
  ]
  return db
    .with('look', (qb) =>
      qb.selectNoFrom((eb) => [
        (shape.limited
          ? hitWait(value('limitBucket'), value('limitKey'), value('limitCount'), value('limitWindowMs'))
          : sql<number>`0`
        ).as('wait'),
        (shape.acknowledgement
          ? acknowledgementLooksAllowed(db, value('acknowledgementAddress'), value('acknowledgementClient'))
          : eb.lit(false)
        ).as('acknowledge'),
      ]),
    )
    .with('lead', (qb) =>
      qb
        .insertInto('leads')
        .columns(shape.columns)
        // Each value is typed by the column it goes to.
        .expression((eb) =>
          eb
            .selectFrom('look')
            .select(shape.columns.map((column) => eb.val(value(column)).as(column)))
            .where('look.wait', '=', 0),
        )
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning(['id', 'status']),
    )
    .with('queued', (qb) =>
      qb
        .insertInto('outbox')
        .columns(['lead_id', 'template', 'channel', 'next_attempt_at', 'payload'])
        .expression((eb) =>
          queued
            .map(({ template, limited, due }) =>
              eb
                .selectFrom(['lead', 'look'])
                .select([
                  'lead.id',
                  eb.val(template).as('template'),
                  eb.val(TEMPLATES[template].channel).as('channel'),
                  eb.cast<Date>(eb.val(value(due ? 'escalateAt' : 'queuedAt')), 'timestamptz').as('next_attempt_at'),
                  eb.cast<string | null>(eb.val(due ? value('escalationPayload') : null), 'jsonb').as('payload'),
                ])
                .where('lead.status', '=', 'new')
                .$if(Boolean(limited), (q) => q.where('look.acknowledge', '=', true)),
            )
            .reduce((all, one) => all.unionAll(one)),
        ),
    )
    .selectFrom('look')
    .leftJoin('lead', (join) => join.onTrue())
    .select(['look.wait', 'look.acknowledge', 'lead.id'])
})

/**
 * Stores a lead and queues what is sent about it, in one statement (one commit on PGlite, decision 050). A
 * repeated idempotency key is the same lead (duplicate), except that a clean retry of a suspected-spam lead
 * rescues it and queues its deliveries once. A visitor over the limit gets VisitorLimitedError, nothing stored.
 */
export async function storeLead(backend: Backend, lead: StoredLeadInput): Promise<StoredLead> {
  const { config } = backend
  const push = Boolean(config.owner.vapid)
  const minutes = push && config.escalationMinutes > 0 ? config.escalationMinutes : 0
  const wanted = [
    ['owner_notification', true],
    ['lead_webhook', Boolean(config.leadWebhook)],
    ['owner_push', push],
  ] as const
  const row = { ...leadColumns(lead), status: lead.spamReason ? ('suspected_spam' as const) : ('new' as const) }
  const limit = lead.limit && row.ip_hash ? lead.limit : null
  const acknowledgement = config.customerAcknowledgement
  const shape: LeadShape = {
    columns: Object.keys(row) as LeadShape['columns'],
    limited: Boolean(limit),
    templates: wanted.filter(([, wanted]) => wanted).map(([template]) => template),
    acknowledgement,
    escalation: minutes > 0,
  }
  const keys = acknowledgementKeys(row.email, row.ip_hash ?? null)
  const queuedAt = backend.now()
  const escalateAt = minutes ? businessMinutesLater(queuedAt, minutes) : null
  const db = await backend.db()
  const [first] = await writeLead(db, shape, {
    ...row,
    limitBucket: limit?.bucket ?? null,
    limitKey: row.ip_hash ?? null,
    limitCount: limit?.count ?? null,
    limitWindowMs: limit?.windowMs ?? null,
    acknowledgementAddress: keys.address,
    acknowledgementClient: keys.clientKey,
    queuedAt,
    escalateAt,
    escalationPayload: minutes ? JSON.stringify({ minutes }) : null,
  })
  if (first!.wait > 0) throw new VisitorLimitedError(retrySeconds(first!.wait))
  if (first!.id) {
    if (!row.spam_reason) backend.deliverSoon()
    return { id: first!.id, duplicate: false }
  }
  // Stored before: the same lead, unless this clean retry rescues a suspected-spam one.
  const rescued = await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('leads')
      .select(['id', 'status'])
      .where('idempotency_key', '=', row.idempotency_key)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (before.status !== 'suspected_spam' || row.spam_reason) return { id: before.id, duplicate: true }
    await tx.updateTable('leads').set({ status: 'new', spam_reason: null }).where('id', '=', before.id).execute()
    // `keep`: a rescued lead may have had some of these already.
    const leadId = before.id
    for (const template of shape.templates) await enqueue(tx, template, { leadId, dueAt: queuedAt })
    if (acknowledgement && first!.acknowledge)
      await enqueue(tx, 'customer_acknowledgement', { leadId, dueAt: queuedAt })
    if (escalateAt) await enqueue(tx, 'owner_escalation', { leadId, dueAt: escalateAt, payload: { minutes } })
    return { id: leadId, duplicate: false }
  })
  if (!rescued.duplicate) backend.deliverSoon()
  return rescued
}
