// The outbox (docs/decisions/008-lead-outbox.md, 019, 061): what must be sent is a row put due in the cause's own
// transaction, and the worker (worker.server.ts) sends it once. A feature either builds its message as it enqueues
// it (ownerMail, customerMail, ownerPush) or defines a template that builds it when sent, from what is stored then.
import type { RuntimeConfig } from '../config.server'
import type { Db } from '../db/database.server'
import type { DB } from '../db/schema.gen'
import type { Mail } from '../transport/mail.server'
import type { Push } from '../transport/push.server'
import type { ClaimedRow } from './claim.server'

/** How a row goes; the table's CHECK lists them. */
export type Channel = DB['outbox']['channel']

/** What each channel sends. */
export interface ChannelMessage {
  owner_mail: Mail
  customer_mail: Mail
  owner_push: Push
  /** Its id (the webhook-id header) and JSON body. */
  webhook: { id: string; body: string }
  /** A folder of the file store to remove (a deleted lead's photos). */
  files: { folder: string }
}

/** A claimed row as its template sees it. */
export type OutboxRow = Omit<ClaimedRow, 'payload'>

/** What a template builds with when the row is sent. */
export interface Delivery {
  db: Db
  now: Date
  config: RuntimeConfig
}

/** What a template builds: the message, or why there is nothing to send (the row is then done). */
export type Built<C extends Channel> = ChannelMessage[C] | string

export interface Template<C extends Channel = Channel, Payload = unknown> {
  name: string
  channel: C
  build(payload: Payload, row: OutboxRow, delivery: Delivery): Built<C> | Promise<Built<C>>
}

const TEMPLATES = new Map<string, Template>()

/**
 * Registers a template under `name`, the name its rows store, and returns it for enqueue(). A feature defines its
 * templates in `*.outbox.server.ts`, which the worker's process loads (decision 061).
 */
export function outboxTemplate<C extends Channel, Payload>(
  name: string,
  template: Omit<Template<C, Payload>, 'name'>,
): Template<C, Payload> {
  const defined = { name, ...template }
  const known = TEMPLATES.get(name)
  if (known && known.build !== defined.build) throw new Error(`two outbox templates are named ${name}`)
  TEMPLATES.set(name, defined as Template)
  return defined
}

/** A stored row's template; none for a name this version does not know. */
export const templateNamed = (name: string): Template | undefined => TEMPLATES.get(name)

/** Every template registered, for tests that hold their number to the decision's. */
export const registeredTemplates = (): Template[] => [...TEMPLATES.values()]

/** A row whose setting is missing stays due, retried with the backoff, until it is set. */
export function missingSetting(name: string): never {
  throw new Error(`${name} is not set; kept until it is`)
}

export interface Enqueued {
  /** The lead it is about; none for the sign-in e-mail and the morning list. */
  leadId?: string | null
  /** Not before: the cause's own clock (decision 048), so a moved clock moves what is due. */
  dueAt: Date
  /**
   * A lead has at most one row per template and key. `keep` leaves one queued or sent before as it is; `replace`
   * puts it due again with this payload, sent or not, because its cause changed (a new quote version, a reschedule).
   */
  onExisting?: 'keep' | 'replace'
  key?: string
}

/** Puts a row due in the caller's transaction: true when one was, false when one was kept as it was. */
export async function enqueue<Payload>(
  db: Db,
  template: Template<Channel, Payload>,
  payload: Payload,
  row: Enqueued,
): Promise<boolean> {
  const { leadId = null, dueAt, onExisting = 'keep', key = '' } = row
  const values = {
    lead_id: leadId,
    template: template.name,
    channel: template.channel,
    key,
    payload: JSON.stringify(payload ?? null),
    next_attempt_at: dueAt,
  }
  const result = await db
    .insertInto('outbox')
    .values(values)
    .onConflict((conflict) =>
      onExisting === 'keep'
        ? conflict.columns(['lead_id', 'template', 'key']).doNothing()
        : conflict.columns(['lead_id', 'template', 'key']).doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            next_attempt_at: eb.ref('excluded.next_attempt_at'),
            sent_at: null,
            last_error: null,
            attempts: 0,
            claimed_by: null,
          })),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Takes back a lead's rows not sent yet, of these templates (and keys): their cause passed. */
export async function dropQueued(db: Db, leadId: string, templates: Template[], keys?: string[]): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('lead_id', '=', leadId)
    .where(
      'template',
      'in',
      templates.map((template) => template.name),
    )
    .$if(keys !== undefined, (query) => query.where('key', 'in', keys!))
    .where('sent_at', 'is', null)
    .execute()
}

/** A mail that is stale after this instant is not sent (a sign-in link that expired). */
type Expiring<T> = T & { notAfter?: string }

const unlessExpired = <T>({ notAfter, ...message }: Expiring<T>, now: Date): T | string =>
  notAfter && now.getTime() > Date.parse(notAfter) ? 'it expired' : (message as T)

/** An e-mail to the owner, built as it was queued. */
export const ownerMail = outboxTemplate('owner_mail', {
  channel: 'owner_mail',
  build: (mail: Expiring<Mail>, _row, { now }) => unlessExpired(mail, now),
})

/** An e-mail to a customer, built as it was queued; it needs a `to`. */
export const customerMail = outboxTemplate('customer_mail', {
  channel: 'customer_mail',
  build: (mail: Mail) => mail,
})

/** A push to the owner's phones, built as it was queued; dropped while alerts are off. */
export const ownerPush = outboxTemplate('owner_push', {
  channel: 'owner_push',
  build: (push: Push, _row, { config }) => (config.owner.vapid ? push : 'alerts are off'),
})

/** A folder of files to remove (a deleted lead's photos, decision 043). */
export const removeFiles = outboxTemplate('remove_files', {
  channel: 'files',
  build: (files: { folder: string }) => files,
})
