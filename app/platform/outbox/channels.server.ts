// How each channel sends, and what it reaches the world through: the mail transport (SMTP, or .eml files in
// DATA_DIR/outbox-mail without SMTP_URL), the webhook, the VAPID keys and the owner's phones, the file store.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer'
import webpush from 'web-push'
import { site } from '../../content/site'
import { runtimeConfig, type RuntimeConfig } from '../config.server'
import type { Db } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { acknowledgementAllowed } from '../../features/leads/acknowledgement.server'
import { emailDomain, sanitizeText, type OwnerNotification } from '../../features/leads/lead-email.server'
import { sendLeadWebhook } from '../../features/leads/lead-webhook.server'
import { log } from '../log/logger.server'
import { pushTargetRefusal, type PushPolicy } from '../transport/push-endpoint.server'
import type { PushPayload } from './messages.server'
import { missingSetting, type Channel, type ChannelMessage, type DeliveryIo, type VapidKeys } from './templates.server'

export const BACKOFF_BASE_MS = 5_000
export const BACKOFF_MAX_MS = 15 * 60_000

export function defaultBackoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(Math.max(attempts - 1, 0), 30)
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS)
  const jitter = 1 + (random() * 0.4 - 0.2)
  return Math.round(Math.min(base * jitter, BACKOFF_MAX_MS))
}

export function notificationAddresses(config: Pick<RuntimeConfig, 'quoteNotifyEmail' | 'quoteFromEmail'>) {
  return {
    to: config.quoteNotifyEmail?.trim() || site.email,
    from: config.quoteFromEmail?.trim() || `no-reply@${emailDomain(site.email)}`,
    fromName: sanitizeText(`${site.name} Website`, 100),
  }
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

/** What each channel does with what a template built; the log line's end. */
export const CHANNELS: { [C in Channel]: (message: ChannelMessage[C], io: DeliveryIo) => Promise<string> } = {
  owner_mail: async (mail, io) => (await io.sendMail(mail), 'e-mailed to the owner'),
  customer_mail: async (mail, io) => (await io.sendMail(mail), 'e-mailed to the customer'),
  owner_push: async (payload, io) => `pushed to ${await io.push(payload)} phone(s)`,
  webhook: async (lead, io) => (await sendLeadWebhook(io.webhook ?? missingSetting('LEAD_WEBHOOK_URL'), lead), 'sent'),
  files: async ({ folder }, io) => (await io.files.removeFolder(folder), 'files removed'),
}

/**
 * To every saved phone: endpoints that answer 404 or 410, or lead to no public host, are dropped; other failures
 * throw, to retry. Redirects are not followed: a push service answers, it does not send us elsewhere (decision 052).
 */
async function pushToPhones(db: Db, vapid: VapidKeys, payload: PushPayload, policy: PushPolicy) {
  const targets = await db.selectFrom('owner_push_subscriptions').select(['endpoint', 'p256dh', 'auth']).execute()
  let delivered = 0
  const gone: string[] = []
  const failures: string[] = []
  for (const target of targets) {
    try {
      const refused = await pushTargetRefusal(target.endpoint, policy)
      if (refused) {
        log('outbox').warn({ reason: refused }, 'push subscription dropped: its endpoint is not a public https host')
        gone.push(target.endpoint)
        continue
      }
      // fetch sends it: web-push's own sender is https-only.
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: 24 * 3600, urgency: 'high' },
      )
      const answer = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : null,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      })
      await answer.arrayBuffer().catch(() => undefined)
      if (answer.status === 404 || answer.status === 410) gone.push(target.endpoint)
      else if (answer.ok) delivered++
      else failures.push(`push service answered ${answer.status}`)
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
      failures.push(`${error instanceof Error ? error.message : String(error)}${cause}`)
    }
  }
  if (gone.length > 0) await db.deleteFrom('owner_push_subscriptions').where('endpoint', 'in', gone).execute()
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`)
  return delivered
}

function transportFor(config: RuntimeConfig, custom?: Transporter): ['smtp' | 'eml' | 'custom', Transporter] {
  if (custom) return ['custom', custom]
  if (!config.smtpUrl) return ['eml', createTransport({ streamTransport: true, buffer: true, newline: 'windows' })]
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 }
  return [
    'smtp',
    createTransport({ url: config.smtpUrl, pool: true, maxConnections: 1, maxMessages: 100, ...timeouts }),
  ]
}

export function deliveryIo(config: RuntimeConfig, dataDir: string, files: FileStore, db: Db, custom?: Transporter) {
  const [kind, transporter] = transportFor(config, custom)
  const mailDir = join(dataDir, 'outbox-mail')
  const ownerAddress = ownerEmail(config)
  if (kind === 'eml' && config.production)
    log('outbox').warn(
      { mailDir },
      'SMTP_URL is not set: quote notifications are only written to files. Set SMTP_URL so the owner receives them by e-mail.',
    )
  const vapid = config.owner.vapid
    ? { ...config.owner.vapid, subject: config.owner.vapid.subject ?? `mailto:${ownerAddress}` }
    : null

  const io: DeliveryIo = {
    addresses: notificationAddresses(config),
    ownerEmail: ownerAddress,
    async sendMail(notification) {
      const info = (await transporter.sendMail(toSendMail(notification))) as { message?: unknown }
      if (kind !== 'eml') return
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no message buffer')
      await mkdir(mailDir, { recursive: true, mode: 0o700 })
      // One file per Message-ID, so a message sent again replaces its copy.
      const file = join(mailDir, `${notification.messageId.replace(/^<|@.*$/g, '')}.eml`)
      await writeFile(`${file}.${process.pid}.tmp`, info.message, { mode: 0o600 })
      await rename(`${file}.${process.pid}.tmp`, file)
      log('outbox').info({ file }, 'quote notification written to a file (set SMTP_URL to send real e-mail)')
    },
    webhook: config.leadWebhook ?? null,
    vapid,
    reviewUrl: config.owner.googleReviewUrl ?? null,
    files,
    push: (payload) =>
      pushToPhones(
        db,
        vapid ?? missingSetting('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'),
        payload,
        config.owner.pushPolicy,
      ),
    acknowledgementAllowed: (outboxId) => acknowledgementAllowed(db, outboxId),
  }
  return { io, transport: { kind, close: () => transporter.close?.() } }
}
