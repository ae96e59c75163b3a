// What the outbox's handlers reach the world through: the mail transport (SMTP, or .eml files in
// DATA_DIR/outbox-mail without SMTP_URL), the webhook, the VAPID keys, the owner's phones and the file store.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import type { RuntimeConfig } from '../config.server'
import type { Queryable } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { log } from '../log/logger.server'
import type { PushTarget } from '../owner/owner-messages.server'
import type { DeliveryIo } from './outbox-deliveries.server'
import { notificationAddresses, ownerEmail, toSendMail } from './owner-mail.server'

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
