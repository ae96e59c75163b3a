// What each kind of outbox row sends (docs/decisions/042 and 048): one handler per kind of the table's CHECK,
// so a kind added to the schema does not compile until it has one. The worker hands in its I/O.
import { isReviewUrl } from '../../lib/reviews/review-link'
import type { Tables } from '../db/schema.gen'
import type { FileStore } from '../files/file-store.server'
import { ownerNotification, type NotificationAddresses, type OwnerNotification } from '../leads/lead-email.server'
import type { NotificationLead } from '../leads/lead-email.server'
import { sendLeadWebhook, type LeadWebhookTarget } from '../leads/lead-webhook.server'
import {
  acknowledgementMail,
  escalationPushPayload,
  leadPushPayload,
  morningListMail,
  quoteReminderPushPayload,
  photosMail,
  photosPushPayload,
  reviewRequestMail,
  signInMail,
  type MorningLead,
  type PushPayload,
} from './messages.server'
import type { VapidKeys } from './outbox-io.server'
import type { QuoteFacts } from '../../lib/quotes/quote'
import type { LeadInvoice } from '../../lib/payments/invoice'
import { PAYMENT_DELIVERIES } from '../payments/payment-mail.server'
import {
  jobMail,
  jobReminderMail,
  quoteAcceptedMail,
  quoteAcceptedPushPayload,
  quoteChangesPushPayload,
  quoteSentMail,
  type QuoteMailLead,
} from '../quotes/quote-mail.server'

export type OutboxKind = Tables['outbox']['kind']

/** One claimed row; the lead's fields are empty for a sign-in e-mail, which belongs to no lead. */
export interface OutboxRow extends NotificationLead {
  kind: OutboxKind
  attempts: number
  /** Where and when, as stored: null when not given. */
  street: string | null
  zip: string | null
  preferredTime: string | null
  outsideArea: boolean | null
  /** The lead's status when the row was claimed: a follow-up whose status has passed is dropped. */
  status?: string | null
  /** What its cause noted: a sign-in link and its expiry, a photo count, a follow-up's minutes, a deleted lead… */
  payload?: Record<string, unknown> | null
  /** The morning list's leads still waiting, read by the claim (morning_list_leads). */
  leads?: MorningLead[] | null
  /** The lead's quote, read after the claim for the kinds of QUOTE_KINDS (quotesOf). */
  quote?: QuoteFacts | null
  /** The lead's invoice, read after the claim for the kinds of INVOICE_KINDS (invoicesOf). */
  invoice?: LeadInvoice | null
}

export interface DeliveryIo {
  addresses: NotificationAddresses
  /** Where sign-in links go and where customers' replies to a review request land. */
  ownerEmail: string
  /** `key` names the message for the file's deduplication (.eml without SMTP_URL). */
  sendMail: (message: OwnerNotification, key: string) => Promise<void>
  webhook: LeadWebhookTarget | null
  /** With the subject resolved. */
  vapid: VapidKeys | null
  /** GOOGLE_REVIEW_URL of this runtime's own configuration. */
  reviewUrl: string | null
  files: FileStore
  /** To every phone: one that answered 404 or 410 is dropped; any other failure throws, so the row is retried. */
  push(payload: PushPayload): Promise<number>
  /** customer_acknowledgement_allowed: decided once per row, in its own transaction. */
  acknowledgementAllowed(outboxId: string): Promise<boolean>
}

interface Handler {
  /** Its claim reads the lead's quote (quotesOf), or its invoice (invoicesOf). */
  quote?: true
  invoice?: true
  /** The setting this kind needs, when it is missing: the row then stays due until it is set. */
  missing?(io: DeliveryIo): string | null
  /** What went out, for the log. */
  deliver(row: OutboxRow, io: DeliveryIo): Promise<string>
}

const needsVapid = (io: DeliveryIo) => (io.vapid ? null : 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY')

async function pushToPhones(io: DeliveryIo, payload: PushPayload, what: string): Promise<string> {
  return `${what} pushed to ${await io.push(payload)} phone(s)`
}

export const DELIVERIES: Record<OutboxKind, Handler> = {
  owner_notification: {
    async deliver(row, io) {
      await io.sendMail(ownerNotification(row, io.addresses), `quote-${row.outboxId}`)
      return 'lead e-mailed to the owner'
    },
  },
  lead_webhook: {
    missing: (io) => (io.webhook ? null : 'LEAD_WEBHOOK_URL'),
    async deliver(row, io) {
      await sendLeadWebhook(io.webhook!, { ...row, id: row.leadId })
      return 'lead handed to the webhook'
    },
  },
  owner_push: {
    missing: needsVapid,
    deliver: (row, io) => pushToPhones(io, leadPushPayload(row.sourcePage), 'lead'),
  },
  review_request: {
    missing: (io) => (io.reviewUrl && isReviewUrl(io.reviewUrl) ? null : 'GOOGLE_REVIEW_URL (https)'),
    async deliver(row, io) {
      await io.sendMail(reviewRequestMail(row, io.reviewUrl!, io), `review-${row.outboxId}`)
      return 'review request e-mailed'
    },
  },
  owner_sign_in: {
    // An expired link is not worth an e-mail: the row is marked done unsent.
    async deliver(row, io) {
      const link = row.payload?.link
      const expiresAt = new Date(typeof row.payload?.expiresAt === 'string' ? row.payload.expiresAt : 0)
      if (typeof link !== 'string' || !(expiresAt.getTime() > Date.now())) return 'sign-in link expired unsent'
      await io.sendMail(signInMail(row.outboxId, link, io), `sign-in-${row.outboxId}`)
      return 'sign-in link e-mailed to the owner'
    },
  },
  // Queued by record_lead_photos once an upload is stored; a later upload re-queues them with the new total.
  owner_photos: {
    async deliver(row, io) {
      const count = photoCount(row)
      await io.sendMail(photosMail(row, count, io.addresses), `photos-${row.outboxId}-${count}`)
      return 'photos announced to the owner'
    },
  },
  owner_photos_push: {
    missing: needsVapid,
    deliver: (row, io) => pushToPhones(io, photosPushPayload(photoCount(row)), 'photos'),
  },
  // Queued by record_lead with the lead; its limits are decided here, as it is sent (decision 048).
  customer_acknowledgement: {
    async deliver(row, io) {
      if (!(await io.acknowledgementAllowed(row.outboxId))) return 'acknowledgement not sent: over its limits'
      const mail = acknowledgementMail(row, io.addresses)
      if (!mail) return 'acknowledgement not sent: the address is not usable'
      await io.sendMail(mail, `ack-${row.outboxId}`)
      return 'request acknowledged to the customer'
    },
  },
  // Due a set time of opening hours after the lead came (next_attempt_at); a status change deletes it, and one
  // claimed in that same moment is dropped here, marked done, never sent later (decision 048).
  owner_escalation: {
    missing: needsVapid,
    async deliver(row, io) {
      if (row.status !== 'new') return 'escalation dropped: the lead is no longer new'
      const minutes = typeof row.payload?.minutes === 'number' ? row.payload.minutes : 15
      return pushToPhones(io, escalationPushPayload(row, minutes), 'escalation')
    },
  },
  owner_reminder_2d: quoteReminder(2),
  owner_reminder_7d: quoteReminder(7),
  // Queued once per Pacific date by queue_morning_list (decision 048); the leads are read as it is sent.
  owner_morning_list: {
    async deliver(row, io) {
      const leads = row.leads ?? []
      if (leads.length === 0) return 'morning list dropped: every lead on it has moved on'
      const day = typeof row.payload?.day === 'string' ? row.payload.day : 'today'
      await io.sendMail(morningListMail(row.outboxId, day, leads, io), `morning-${day}`)
      return `morning list of ${leads.length} lead(s) e-mailed to the owner`
    },
  },
  // Queued by the deletion of a lead (decision 043): its photos go from the file store.
  lead_files: {
    async deliver(row, io) {
      const lead = String(row.payload?.lead ?? '')
      if (!/^[0-9a-f-]{36}$/.test(lead)) return 'no lead to remove files of'
      await io.files.removeFolder(`lead-photos/${lead}`)
      return "a deleted lead's photos removed"
    },
  },
  // The quote and its job (docs/decisions/053-quotes-and-jobs.md), queued by app/server/quotes/ and built from the
  // quote as stored when sent: a row re-queued by a newer version or a reschedule sends the newest.
  quote_sent: quoteMail('quote link e-mailed to the customer', quoteSentMail),
  quote_accepted: quoteMail('accepted quote e-mailed to the customer', quoteAcceptedMail),
  quote_accepted_push: quotePush('quote accepted', quoteAcceptedPushPayload),
  quote_changes_push: quotePush('change request', quoteChangesPushPayload),
  job_scheduled: quoteMail('job e-mailed to the customer', jobMail),
  // Due 09:00 Pacific the day before; a reschedule moves it, and one claimed as the job moved or went is dropped.
  job_reminder: quoteMail('job reminder e-mailed to the customer', (lead, io, row) =>
    lead.quote.job?.day === row.payload?.day ? jobReminderMail(lead, io) : null,
  ),
  // The invoice and its payments (docs/decisions/055-invoices-and-payments.md), queued by app/server/payments/.
  ...PAYMENT_DELIVERIES,
}

export const QUOTE_KINDS = Object.entries(DELIVERIES).flatMap(([kind, handler]) => (handler.quote ? [kind] : []))
export const INVOICE_KINDS = Object.entries(DELIVERIES).flatMap(([kind, handler]) => (handler.invoice ? [kind] : []))

const quoteLead = (row: OutboxRow): QuoteMailLead | null => (row.quote ? { ...row, quote: row.quote } : null)

/** A customer's e-mail about the quote; nothing to send (the quote gone, the job moved, no usable address) is done. */
function quoteMail(
  what: string,
  build: (lead: QuoteMailLead, io: DeliveryIo, row: OutboxRow) => OwnerNotification | null,
): Handler {
  return {
    quote: true,
    async deliver(row, io) {
      const lead = quoteLead(row)
      const mail = lead && build(lead, io, row)
      if (!mail) return `${what}: dropped, nothing to send`
      // The Message-ID's key names the .eml file: one per version or sequence, so none overwrites another.
      await io.sendMail(mail, mail.messageId.replace(/^<|@.*$/g, ''))
      return what
    },
  }
}

function quotePush(what: string, build: (lead: QuoteMailLead) => PushPayload | null): Handler {
  return {
    quote: true,
    missing: needsVapid,
    async deliver(row, io) {
      const lead = quoteLead(row)
      const payload = lead && build(lead)
      return payload ? pushToPhones(io, payload, what) : `${what} push dropped: nothing to send`
    },
  }
}

/**
 * Queued by the status trigger when a lead becomes quoted, whatever the alert settings; without alerts they are
 * marked done unsent rather than kept waiting for keys (decision 048).
 */
function quoteReminder(days: number): Handler {
  return {
    async deliver(row, io) {
      if (row.status !== 'quoted') return 'quote reminder dropped: the lead is no longer quoted'
      if (!io.vapid) return 'quote reminder dropped: alerts are off'
      return pushToPhones(io, quoteReminderPushPayload(row, days), 'quote reminder')
    },
  }
}

const photoCount = (row: OutboxRow) => (typeof row.payload?.photos === 'number' ? row.payload.photos : 1)

/** Throws on failure, for the caller's backoff. */
export async function deliverOutboxRow(row: OutboxRow, io: DeliveryIo): Promise<string> {
  const handler = DELIVERIES[row.kind]
  const missing = handler.missing?.(io)
  if (missing) throw new Error(`${missing} is not set; kept until it is`)
  return handler.deliver(row, io)
}
