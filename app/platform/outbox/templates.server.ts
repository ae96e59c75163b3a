// What the outbox sends (docs/decisions/008-lead-outbox.md, 042, 048): one entry per template, its channel and
// what it builds from the claimed row. The row stores the template's name and channel; adding a template is an
// entry here and the enqueue() that puts it due. A build that returns text sends nothing, for that reason.
import { isReviewUrl } from '../../features/reviews/review-link'
import type { QuoteFacts } from '../../features/quotes/quote'
import type { LeadInvoice, UnpaidInvoice } from '../../features/payments/invoice'
import type { FileStore } from '../files/file-store.server'
import {
  ownerNotification,
  type NotificationAddresses,
  type NotificationLead,
} from '../../features/leads/lead-email.server'
import type { OwnerNotification } from '../../features/leads/lead-email.server'
import type { LeadWebhookTarget, WebhookLead } from '../../features/leads/lead-webhook.server'
import {
  jobMail,
  jobReminderMail,
  quoteAcceptedMail,
  quoteAcceptedPushPayload,
  quoteChangesPushPayload,
  quoteSentMail,
  type QuoteMailLead,
} from '../../features/quotes/quote-mail.server'
import {
  invoiceReminderMail,
  invoiceSentMail,
  paymentPushPayload,
  paymentReceiptMail,
  refundReceiptMail,
  refundUndonePushPayload,
  type InvoiceMailLead,
} from '../../features/payments/payment-mail.server'
import {
  acknowledgementMail,
  escalationPushPayload,
  leadPushPayload,
  morningListMail,
  photosMail,
  photosPushPayload,
  quoteReminderPushPayload,
  reviewRequestMail,
  signInMail,
  type MorningLead,
  type PushPayload,
} from './messages.server'

/** How a row goes; the table's CHECK lists them. */
export type Channel = 'owner_mail' | 'owner_push' | 'customer_mail' | 'webhook' | 'files'

/** What each channel sends. */
export interface ChannelMessage {
  owner_mail: OwnerNotification
  customer_mail: OwnerNotification
  owner_push: PushPayload
  webhook: WebhookLead
  files: { folder: string }
}

/** A claimed row with its lead: the lead's fields are '' or null for a row of no lead (a sign-in e-mail). */
export interface OutboxRow extends Required<NotificationLead> {
  template: string
  attempts: number
  /** The lead's status when the row was claimed: a follow-up whose status has passed is dropped. */
  status: string | null
  /** What its cause noted: a sign-in link, a photo count, a follow-up's minutes, a deleted lead's id… */
  payload: Record<string, unknown> | null
  /** The morning list's leads still waiting, and the invoices still due, read as it is claimed. */
  leads?: MorningLead[]
  invoicesDue?: UnpaidInvoice[]
  /** The lead's quote, read as it is claimed for the templates that read it. */
  quote?: QuoteFacts | null
  /** The lead's invoice with its payments, read as it is claimed for the templates that read it. */
  invoice?: LeadInvoice | null
}

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** The settings and senders a template and its channel reach the world through; the worker hands them in. */
export interface DeliveryIo {
  addresses: NotificationAddresses
  /** Where sign-in links go and where customers' replies to a review request land. */
  ownerEmail: string
  /** The Message-ID names the .eml file without SMTP_URL. */
  sendMail(message: OwnerNotification): Promise<void>
  webhook: LeadWebhookTarget | null
  /** With the subject resolved. */
  vapid: VapidKeys | null
  /** GOOGLE_REVIEW_URL of this runtime's own configuration. */
  reviewUrl: string | null
  files: FileStore
  /** To every phone: one that answered 404 or 410 is dropped; any other failure throws, so the row is retried. */
  push(payload: PushPayload): Promise<number>
  /** Decided once per row, in a transaction of its own (app/features/leads/acknowledgement.server.ts). */
  acknowledgementAllowed(outboxId: string): Promise<boolean>
}

type Built<C extends Channel> = ChannelMessage[C] | string
type Template = {
  [C in Channel]: {
    channel: C
    /** What its claim reads beside the lead: the lead's quote or invoice, or the morning list's leads. */
    reads?: 'quote' | 'invoice' | 'leads'
    build(row: OutboxRow, io: DeliveryIo): Built<C> | Promise<Built<C>>
  }
}[Channel]

/** A row whose setting is missing stays due, retried with the backoff, until it is set. */
export function missingSetting(name: string): never {
  throw new Error(`${name} is not set; kept until it is`)
}

const photoCount = (row: OutboxRow) => (typeof row.payload?.photos === 'number' ? row.payload.photos : 1)

/**
 * Queued by the status trigger when a lead becomes quoted, whatever the alert settings; without alerts they are
 * dropped rather than kept waiting for keys (decision 048).
 */
const quoteReminder = (days: number): Template => ({
  channel: 'owner_push',
  build: (row, io) =>
    row.status !== 'quoted'
      ? 'the lead is no longer quoted'
      : io.vapid
        ? quoteReminderPushPayload(row, days)
        : 'alerts are off',
})

/** Built from the quote as stored when sent: a row put due again by a newer version or a reschedule sends the newest. */
function quoteMessage<C extends 'customer_mail' | 'owner_push'>(
  channel: C,
  build: (lead: QuoteMailLead, io: DeliveryIo, row: OutboxRow) => ChannelMessage[C] | null,
): Template {
  return {
    channel,
    reads: 'quote',
    build: (row, io) => (row.quote && build({ ...row, quote: row.quote }, io, row)) || 'nothing to send',
  } as Template
}

/** Built from the invoice as it stands when sent: a reminder of a paid invoice and a receipt of nothing send nothing. */
function invoiceMessage<C extends 'customer_mail' | 'owner_push'>(
  channel: C,
  build: (lead: InvoiceMailLead, io: DeliveryIo) => ChannelMessage[C] | null,
): Template {
  return {
    channel,
    reads: 'invoice',
    build: (row, io) => (row.invoice && build({ ...row, invoice: row.invoice }, io)) || 'nothing to send',
  } as Template
}

export const TEMPLATES = {
  owner_notification: { channel: 'owner_mail', build: (row, io) => ownerNotification(row, io.addresses) },
  lead_webhook: {
    channel: 'webhook',
    build: (row) => ({ ...row, id: row.leadId }),
  },
  owner_push: { channel: 'owner_push', build: (row) => leadPushPayload(row.sourcePage) },
  review_request: {
    channel: 'customer_mail',
    build: (row, io) =>
      io.reviewUrl && isReviewUrl(io.reviewUrl)
        ? reviewRequestMail(row, io.reviewUrl, io)
        : missingSetting('GOOGLE_REVIEW_URL (https)'),
  },
  // An expired link is not worth an e-mail.
  owner_sign_in: {
    channel: 'owner_mail',
    build: (row, io) => {
      const { link, expiresAt } = row.payload ?? {}
      const live = typeof link === 'string' && new Date(String(expiresAt)).getTime() > Date.now()
      return live ? signInMail(row.outboxId, link, io) : 'the link expired'
    },
  },
  // A later upload puts them due again with the new total.
  owner_photos: { channel: 'owner_mail', build: (row, io) => photosMail(row, photoCount(row), io.addresses) },
  owner_photos_push: { channel: 'owner_push', build: (row) => photosPushPayload(photoCount(row)) },
  // Its limits are decided as it is sent (decision 048).
  customer_acknowledgement: {
    channel: 'customer_mail',
    build: async (row, io) =>
      !(await io.acknowledgementAllowed(row.outboxId))
        ? 'over its limits'
        : (acknowledgementMail(row, io.addresses) ?? 'the address is not usable'),
  },
  // Due a set time of opening hours after the lead came; a status change deletes it, and one claimed in that same
  // moment is dropped here, never sent later (decision 048).
  owner_escalation: {
    channel: 'owner_push',
    build: (row) =>
      row.status !== 'new'
        ? 'the lead is no longer new'
        : escalationPushPayload(row, typeof row.payload?.minutes === 'number' ? row.payload.minutes : 15),
  },
  owner_reminder_2d: quoteReminder(2),
  owner_reminder_7d: quoteReminder(7),
  // The leads and invoices are read as it is claimed: one worked, paid or deleted since drops out.
  owner_morning_list: {
    channel: 'owner_mail',
    reads: 'leads',
    build: (row, io) =>
      row.leads?.length || row.invoicesDue?.length
        ? morningListMail(row.outboxId, String(row.payload?.day ?? 'today'), row.leads ?? [], io, row.invoicesDue)
        : 'every lead and invoice on it has moved on',
  },
  // A deleted lead's photos (decision 043).
  lead_files: {
    channel: 'files',
    build: (row) => {
      const lead = String(row.payload?.lead ?? '')
      return /^[0-9a-f-]{36}$/.test(lead) ? { folder: `lead-photos/${lead}` } : 'no lead to remove files of'
    },
  },
  // The quote and its job (docs/decisions/053-quotes-and-jobs.md).
  quote_sent: quoteMessage('customer_mail', quoteSentMail),
  quote_accepted: quoteMessage('customer_mail', quoteAcceptedMail),
  quote_accepted_push: quoteMessage('owner_push', quoteAcceptedPushPayload),
  quote_changes_push: quoteMessage('owner_push', quoteChangesPushPayload),
  job_scheduled: quoteMessage('customer_mail', jobMail),
  // Due 09:00 Pacific the day before; one claimed as the job moved or went is dropped.
  job_reminder: quoteMessage('customer_mail', (lead, io, row) =>
    lead.quote.job?.day === row.payload?.day ? jobReminderMail(lead, io) : null,
  ),
  // The invoice and its payments (docs/decisions/055-invoices-and-payments.md); a receipt's row is keyed by the
  // payment's or refund's id, so each gets one.
  invoice_sent: invoiceMessage('customer_mail', invoiceSentMail),
  invoice_reminder: invoiceMessage('customer_mail', invoiceReminderMail),
  payment_receipt: invoiceMessage('customer_mail', paymentReceiptMail),
  refund_receipt: invoiceMessage('customer_mail', refundReceiptMail),
  payment_push: invoiceMessage('owner_push', (lead, io) => (io.vapid ? paymentPushPayload(lead) : null)),
  refund_undone_push: invoiceMessage('owner_push', (lead, io) => (io.vapid ? refundUndonePushPayload(lead) : null)),
} satisfies Record<string, Template>

export type OutboxTemplate = keyof typeof TEMPLATES

/** A stored row's template; none for a name this version does not know (the table checks no list). */
export const templateOf = (name: string): Template | undefined =>
  Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name as OutboxTemplate] : undefined
