// send-quote-email (docs/product.md, "Calls to the backend"): stores a lead and everything to be sent about it
// in one statement, then wakes the outbox's worker. The visitor's answer never waits for an e-mail, a webhook
// or a push (docs/decisions/008-lead-outbox.md, 048-follow-through.md).
import { randomUUID } from 'node:crypto'
import { sql, type Insertable } from 'kysely'
import { leadSourceColumns, type LeadSource } from '~/features/leads/lead-source'
import type { ServiceId } from '~/content/types'
import type { PreferredTime } from '~/features/leads/lead-form-constants'
import type { ShownPrice } from '~/features/prices'
import { messages } from '../../content/messages'
import type { RuntimeConfig } from '../../platform/config.server'
import type { Db } from '../../platform/db/database.server'
import { businessMinutesLater } from '../../platform/time/business-hours.server'
import { reusedQuery, type Value } from '../../platform/db/reused-query.server'
import type { DB } from '../../platform/db/schema.gen'
import { hitWait, retrySeconds } from '../../platform/http/rate-limit.server'
import { enqueue, ownerMail, ownerPush, type Template } from '../../platform/outbox/outbox.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { pushTitle } from './lead-facts'
import { acknowledgementKeys, acknowledgementWithinLimits } from './acknowledgement.server'
import type { FingerprintFields } from './lead-fields.server'
import { ownerNotification, type NotificationLead } from './lead-email.server'
import { leadWebhookBody } from './lead-webhook.server'
import { customerAcknowledgement, leadWebhook, ownerFollowUp } from './leads.outbox.server'

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

/** What a lead's messages depend on: the configuration's switches, and the cause's clock. */
export interface LeadSettings {
  /** When the lead came: its created_at, and when its messages are due. */
  now: Date
  /** The owner's alerts are on: a push for each lead. */
  push: boolean
  /** With alerts on, the push again after this many minutes of opening hours if the lead is still new; 0: never. */
  escalationMinutes: number
  /** LEAD_WEBHOOK_URL is set. */
  webhook: boolean
  customerAcknowledgement: boolean
}

type LeadConfig = Pick<RuntimeConfig, 'owner' | 'escalationMinutes' | 'leadWebhook' | 'customerAcknowledgement'>

export const leadSettingsOf = (config: LeadConfig, now: Date): LeadSettings => ({
  now,
  push: Boolean(config.owner.vapid),
  escalationMinutes: config.escalationMinutes,
  webhook: Boolean(config.leadWebhook),
  customerAcknowledgement: config.customerAcknowledgement,
})

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
    ...leadSourceColumns(lead.source),
    service_id: lead.serviceId ?? null,
    price_size: lead.shownPrice?.size || null,
    price_low_cents: lead.shownPrice?.lowCents ?? null,
    price_high_cents: lead.shownPrice?.highCents ?? null,
    price_minimum_cents: lead.shownPrice?.minimumCents ?? null,
  }
}

/** What a lead queues: each message's template and key, when it is due, and the value its payload is in. */
const LEAD_OUTBOX_MESSAGES = {
  // Key 'lead': the log line reads "lead e-mailed to the owner".
  mail: { template: ownerMail, key: 'lead', payload: 'mailPayload', due: 'queuedAt' },
  webhook: { template: leadWebhook, key: 'lead', payload: 'webhookPayload', due: 'queuedAt' },
  push: { template: ownerPush, key: 'lead', payload: 'pushPayload', due: 'queuedAt' },
  // Only within its limits, decided again as it is sent.
  acknowledgement: { template: customerAcknowledgement, key: 'acknowledgement', payload: null, due: 'queuedAt' },
  escalation: { template: ownerFollowUp, key: 'escalation', payload: 'escalationPayload', due: 'escalateAt' },
} satisfies Record<string, { template: Template; key: string; payload: keyof LeadValues | null; due: keyof LeadValues }>

type MessageName = keyof typeof LEAD_OUTBOX_MESSAGES

/** What changes the text of a lead's statement: its columns, the limit it counts and the messages it queues. */
interface LeadShape {
  columns: (keyof Insertable<DB['leads']> & string)[]
  limited: boolean
  /** Queued with a lead that is not suspected spam. */
  messages: MessageName[]
}

type LeadValues = Insertable<DB['leads']> & {
  limitBucket: string | null
  limitKey: string | null
  limitCount: number | null
  limitWindowMs: number | null
  acknowledgementAddress: string
  acknowledgementClient: string | null
  /** The cause's clock, which the outbox claims by: when the rows that go at once are due. */
  queuedAt: Date
  escalateAt: Date | null
} & PayloadJson

/** Each message's payload as JSON, built before the statement; null for suspected spam, which queues none. */
type PayloadJson = Record<keyof ReturnType<typeof payloadsOf>, string | null>

/**
 * A lead in one statement, the site's busiest write (decision 058): the visitor's rate-limit hit and the look at
 * the acknowledgement's limits, then, within the limit, the lead and, unless it is suspected spam, its outbox rows,
 * their payloads built beforehand from the lead's id and time, which the caller chose.
 * `id` is null when refused (`wait` > 0) or when the idempotency key was stored before: then nothing is stored.
 */
const writeLead = reusedQuery((value: Value<LeadValues>, shape: LeadShape, db) => {
  const acknowledge = shape.messages.includes('acknowledgement')
  return db
    .with('look', (qb) =>
      qb.selectNoFrom((eb) => [
        (shape.limited
          ? hitWait(value('limitBucket'), value('limitKey'), value('limitCount'), value('limitWindowMs'))
          : sql<number>`0`
        ).as('wait'),
        (acknowledge
          ? acknowledgementWithinLimits(db, value('acknowledgementAddress'), value('acknowledgementClient'))
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
        .columns(['lead_id', 'template', 'channel', 'key', 'next_attempt_at', 'payload'])
        .expression((eb) =>
          shape.messages
            .map((name) => {
              const { template, key, payload, due } = LEAD_OUTBOX_MESSAGES[name]
              return eb
                .selectFrom(['lead', 'look'])
                .select([
                  'lead.id',
                  eb.val(template.name).as('template'),
                  eb.val(template.channel).as('channel'),
                  eb.val(key).as('key'),
                  eb.cast<Date>(eb.val(value(due)), 'timestamptz').as('next_attempt_at'),
                  eb.cast<string | null>(eb.val(payload && value(payload)), 'jsonb').as('payload'),
                ])
                .where('lead.status', '=', 'new')
                .$if(name === 'acknowledgement', (q) => q.where('look.acknowledge', '=', true))
            })
            .reduce((all, one) => all.unionAll(one)),
        ),
    )
    .selectFrom('look')
    .leftJoin('lead', (join) => join.onTrue())
    .select(['look.wait', 'look.acknowledge', 'lead.id'])
})

/** The messages these settings queue with a lead; the owner's e-mail always. */
function wantedMessages(settings: LeadSettings): MessageName[] {
  const escalates = settings.push && settings.escalationMinutes > 0
  const wanted: [MessageName, boolean][] = [
    ['mail', true],
    ['webhook', settings.webhook],
    ['push', settings.push],
    ['acknowledgement', settings.customerAcknowledgement],
    ['escalation', escalates],
  ]
  return wanted.filter(([, on]) => on).map(([name]) => name)
}

/** Each message's payload, built from the lead as stored (its id and time included). */
function payloadsOf(lead: NotificationLead, settings: LeadSettings) {
  return {
    mailPayload: ownerNotification(lead),
    webhookPayload: { id: lead.id, body: leadWebhookBody(lead) },
    // No name, e-mail or phone: push services relay it.
    pushPayload: { title: pushTitle(lead.source_page ?? null), body: messages.push.lead, url: '/owner' },
    escalationPayload: { while: 'new' as const, minutes: settings.escalationMinutes },
  }
}

/**
 * Stores a lead and queues what is sent about it, in one statement (one commit on PGlite, decision 050). A
 * repeated idempotency key is the same lead (`duplicate`: nothing new was queued), except that a clean retry of a
 * suspected-spam lead rescues it and queues its deliveries once. A visitor over the limit gets VisitorLimitedError,
 * nothing stored.
 */
export async function storeLead(db: Db, lead: StoredLeadInput, settings: LeadSettings) {
  const { now: queuedAt } = settings
  const spam = Boolean(lead.spamReason)
  // Chosen here, so the messages that name them are built before the statement.
  const row = {
    ...leadColumns(lead),
    id: randomUUID(),
    created_at: queuedAt,
    status: spam ? ('suspected_spam' as const) : ('new' as const),
  }
  const limit = lead.limit && row.ip_hash ? lead.limit : null
  const wanted = wantedMessages(settings)
  const shape: LeadShape = {
    columns: Object.keys(row) as LeadShape['columns'],
    limited: Boolean(limit),
    messages: wanted,
  }
  const keys = acknowledgementKeys(row.email, row.ip_hash ?? null)
  const escalateAt = wanted.includes('escalation') ? businessMinutesLater(queuedAt, settings.escalationMinutes) : null
  const payloads = spam ? null : payloadsOf(row, settings)
  const json = (name: keyof PayloadJson) => (payloads ? JSON.stringify(payloads[name]) : null)
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
    mailPayload: json('mailPayload'),
    webhookPayload: json('webhookPayload'),
    pushPayload: json('pushPayload'),
    escalationPayload: json('escalationPayload'),
  })
  if (first!.wait > 0) throw new VisitorLimitedError(retrySeconds(first!.wait))
  if (first!.id) {
    if (!spam) deliverSoon()
    return { id: first!.id, duplicate: false }
  }
  const rescued = await rescueOrSame(db, row.idempotency_key, spam, Boolean(first!.acknowledge), settings)
  if (!rescued.duplicate) deliverSoon()
  return rescued
}

/** Stored before: the same lead, unless this clean retry rescues a suspected-spam one, queuing its messages. */
function rescueOrSame(db: Db, idempotencyKey: string, spam: boolean, acknowledge: boolean, settings: LeadSettings) {
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('leads')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (before.status !== 'suspected_spam' || spam) return { id: before.id, duplicate: true }
    await tx.updateTable('leads').set({ status: 'new', spam_reason: null }).where('id', '=', before.id).execute()
    const payloads = payloadsOf(before, settings)
    for (const name of wantedMessages(settings)) {
      if (name === 'acknowledgement' && !acknowledge) continue
      const { template, key, payload, due } = LEAD_OUTBOX_MESSAGES[name]
      const dueAt = due === 'escalateAt' ? businessMinutesLater(settings.now, settings.escalationMinutes) : settings.now
      // `keep`: a rescued lead may have had some of these already.
      await enqueue(tx, template as Template, payload && payloads[payload], { leadId: before.id, dueAt, key })
    }
    return { id: before.id, duplicate: false }
  })
}
