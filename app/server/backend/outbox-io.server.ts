// What the outbox's handlers reach the world through: the addresses and the mail transport (SMTP, or .eml files
// in DATA_DIR/outbox-mail without SMTP_URL), the webhook, the VAPID keys, the owner's phones and the file store;
// and the backoff of a delivery that failed.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer'
import webpush from 'web-push'
import { runtimeConfig, type RuntimeConfig } from '../config.server'
import type { Queryable } from '../db/database.server'
import type { FileStore } from '../files/file-store.server'
import { log } from '../log/logger.server'
import type { PushPayload } from './messages.server'
import { pushTargetRefusal, type PushPolicy } from './push-endpoint.server'
import { site } from '../../content/site'
import { emailDomain, sanitizeText, type OwnerNotification } from '../leads/lead-email.server'
import type { DeliveryIo } from './outbox-deliveries.server'

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

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/**
 * To every saved phone: endpoints that answer 404 or 410, or lead to no public host, are dropped; other failures
 * throw, to retry. Redirects are not followed: a push service answers, it does not send us elsewhere (decision 052).
 */
async function pushToPhones(db: Queryable, vapid: VapidKeys, payload: PushPayload, policy: PushPolicy) {
  const targets = await db.query<{ endpoint: string; p256dh: string; auth: string }>(
    'SELECT endpoint, p256dh, auth FROM owner_push_subscriptions',
  )
  let delivered = 0
  const gone: string[] = []
  const failures: string[] = []
  for (const target of targets.rows) {
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
  if (gone.length > 0) await db.query('DELETE FROM owner_push_subscriptions WHERE endpoint = ANY($1)', [gone])
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

export function deliveryIo(
  config: RuntimeConfig,
  dataDir: string,
  files: FileStore,
  db: Queryable,
  custom?: Transporter,
) {
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
    push: (payload) => pushToPhones(db, io.vapid!, payload, config.owner.pushPolicy),
    async acknowledgementAllowed(outboxId) {
      const sql = 'SELECT public.customer_acknowledgement_allowed($1) AS allowed'
      return (await db.query<{ allowed: boolean }>(sql, [outboxId])).rows[0]?.allowed === true
    },
  }
  return { io, transport: { kind, close: () => transporter.close?.() } }
}
