// What the outbox's handlers reach the world through: the addresses and the mail transport (SMTP, or .eml files
// in DATA_DIR/outbox-mail without SMTP_URL), the webhook, the VAPID keys, the owner's phones and the file store;
// and the backoff of a delivery that failed.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer'
import { runtimeConfig, type RuntimeConfig } from '../config.server'
import type { Queryable } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { log } from '../log/logger.server'
import type { PushTarget } from '../owner/owner-messages.server'
import {
  ownerAddresses,
  ownerNotification,
  type NotificationAddresses,
  type NotificationLead,
  type OwnerNotification,
} from '../quote/lead-email.server'
import type { DeliveryIo } from './outbox-deliveries.server'

export const BACKOFF_BASE_MS = 5_000
export const BACKOFF_MAX_MS = 15 * 60_000

export function defaultBackoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30)
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS)
  const jitter = 1 + (random() * 0.4 - 0.2)
  return Math.round(Math.min(base * jitter, BACKOFF_MAX_MS))
}

export function notificationAddresses(
  config: Pick<RuntimeConfig, 'quoteNotifyEmail' | 'quoteFromEmail'> = runtimeConfig(),
): NotificationAddresses {
  return ownerAddresses(config.quoteNotifyEmail, config.quoteFromEmail)
}

export function buildOwnerNotification(lead: NotificationLead, addresses: NotificationAddresses): SendMailOptions {
  return toSendMail(ownerNotification(lead, addresses))
}

export function toSendMail({ to, replyTo, ...message }: OwnerNotification): SendMailOptions {
  // Objects, so nodemailer does not parse a display name out of a visitor's address.
  return { ...message, to: { name: '', address: to }, ...(replyTo ? { replyTo: { name: '', address: replyTo } } : {}) }
}

/** Where sign-in links go: the only address that can sign in to the inbox. */
export function ownerEmail(
  config: Pick<RuntimeConfig, 'owner' | 'quoteNotifyEmail' | 'quoteFromEmail'> = runtimeConfig(),
) {
  return config.owner.email ?? notificationAddresses(config).to
}

export interface MailTransport {
  kind: 'smtp' | 'eml' | 'custom'
  mailDir: string
  close(): void
}

function transportFor(config: RuntimeConfig, custom?: Transporter): [MailTransport['kind'], Transporter] {
  if (custom) return ['custom', custom]
  if (!config.smtpUrl) return ['eml', createTransport({ streamTransport: true, buffer: true, newline: 'windows' })]
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 }
  return [
    'smtp',
    createTransport({ url: config.smtpUrl, pool: true, maxConnections: 1, maxMessages: 100, ...timeouts }),
  ]
}

export function deliveryIo(
  config: RuntimeConfig,
  dataDir: string,
  files: FileStore,
  db: Queryable,
  custom?: Transporter,
): { io: DeliveryIo; transport: MailTransport } {
  const [kind, transporter] = transportFor(config, custom)
  const mailDir = join(dataDir, 'outbox-mail')
  const ownerAddress = ownerEmail(config)
  if (kind === 'eml' && config.production)
    log('outbox').warn(
      { mailDir },
      'SMTP_URL is not set: quote notifications are only written to files. Set SMTP_URL so the owner receives them by e-mail.',
    )

  const io: DeliveryIo = {
    addresses: notificationAddresses(config),
    ownerEmail: ownerAddress,
    async sendMail(notification, key) {
      const info = (await transporter.sendMail(toSendMail(notification))) as { message?: unknown }
      if (kind !== 'eml') return
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no message buffer')
      await mkdir(mailDir, { recursive: true, mode: 0o700 })
      const file = join(mailDir, `${key}.eml`)
      await writeFile(`${file}.${process.pid}.tmp`, info.message, { mode: 0o600 })
      await rename(`${file}.${process.pid}.tmp`, file)
      log('outbox').info({ file }, 'quote notification written to a file (set SMTP_URL to send real e-mail)')
    },
    webhook: config.leadWebhook ?? null,
    vapid: config.owner.vapid
      ? { ...config.owner.vapid, subject: config.owner.vapid.subject ?? `mailto:${ownerAddress}` }
      : null,
    reviewUrl: config.owner.googleReviewUrl ?? null,
    files,
    async pushTargets() {
      return (await db.query<PushTarget>('SELECT endpoint, p256dh, auth FROM owner_push_subscriptions')).rows
    },
    async dropPushTarget(endpoint) {
      await db.query('DELETE FROM owner_push_subscriptions WHERE endpoint = $1', [endpoint])
    },
  }
  return { io, transport: { kind, mailDir, close: () => transporter.close?.() } }
}
