/**
 * The owner's notification e-mail for a new lead — the same message the embedded outbox worker
 * sends (app/server/outbox.server.ts): subject "New quote request from <name>", plain-text body
 * with the lead, Reply-To the visitor's address (after re-validation), stable Message-ID per
 * outbox row.
 *
 * Transports, chosen by secrets:
 *   RESEND_API_KEY  -> Resend's HTTP API (POST {RESEND_API_URL or https://api.resend.com}/emails).
 *   SMTP_URL        -> SMTP with nodemailer, e.g. smtps://user:pass@smtp.example.com:465
 *                      (hosted Edge Functions cannot open ports 25 and 587: use 465).
 * Recipient QUOTE_NOTIFY_EMAIL (default: the site's e-mail); sender QUOTE_FROM_EMAIL (default
 * no-reply@<domain of the site's e-mail>; with Resend it must be on a verified domain).
 */
import { createTransport } from 'nodemailer'
import { site } from './app/content/site.ts'
import { hasForbiddenChars, isValidEmail } from './app/lib/quote-schema.ts'
import { env } from './env.ts'

export interface NotificationLead {
  outboxId: string
  quoteRequestId: string
  firstName: string
  email: string
  phone: string
  sourcePage: string | null
  createdAt: Date
}

export interface OwnerMessage {
  from: { name: string; address: string }
  to: string
  replyTo?: string
  subject: string
  text: string
  messageId: string
  headers: Record<string, string>
}

export interface Mailer {
  readonly kind: 'resend' | 'smtp'
  send(message: OwnerMessage, idempotencyKey: string): Promise<void>
  close(): void
}

const FORBIDDEN_GLOBAL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu

/** Visitor text made safe for a plain-text body or the subject (as in outbox.server.ts). */
export function sanitizeText(value: string | null | undefined, maxLength: number): string {
  if (!value) return ''
  const clean = value.replace(FORBIDDEN_GLOBAL, ' ').replace(/\s+/g, ' ').trim()
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean
}

function emailDomain(address: string): string {
  const at = address.lastIndexOf('@')
  const domain = at >= 0 ? address.slice(at + 1).trim() : ''
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

export function notificationAddresses(): { to: string; from: string; fromName: string } {
  return {
    to: env('QUOTE_NOTIFY_EMAIL') ?? site.email,
    from: env('QUOTE_FROM_EMAIL') ?? `no-reply@${emailDomain(site.email)}`,
    fromName: sanitizeText(`${site.name} Website`, 100),
  }
}

function formatPacific(date: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'full', timeStyle: 'short' }).format(date)
  } catch {
    return date.toUTCString()
  }
}

export function buildOwnerNotification(lead: NotificationLead, addresses = notificationAddresses()): OwnerMessage {
  const name = sanitizeText(lead.firstName, 60) || 'website visitor'
  const email = sanitizeText(lead.email, 254)
  const phone = sanitizeText(lead.phone, 40)
  const page = sanitizeText(lead.sourcePage, 200) || '(not recorded)'
  const replyTo = isValidEmail(lead.email) && !hasForbiddenChars(lead.email) ? lead.email : undefined
  const text = [
    'New quote request from the website.',
    '',
    `Name:     ${sanitizeText(lead.firstName, 100)}`,
    `Email:    ${email}`,
    `Phone:    ${phone}`,
    `Page:     ${page}`,
    `Received: ${formatPacific(lead.createdAt)} (Pacific time) — ${lead.createdAt.toISOString()}`,
    `Reference: ${lead.quoteRequestId}`,
    '',
    replyTo
      ? 'Reply to this e-mail to answer the customer directly, or give them a call.'
      : 'Call or e-mail the customer using the details above.',
    'We promise a reply within 24 hours.',
    '',
  ].join('\n')
  return {
    from: { name: addresses.fromName, address: addresses.from },
    to: addresses.to,
    ...(replyTo ? { replyTo } : {}),
    subject: `New quote request from ${name}`,
    text,
    messageId: `<quote-${lead.outboxId}@${emailDomain(addresses.from)}>`,
    headers: { 'X-Quote-Request-Id': lead.quoteRequestId },
  }
}

const SEND_TIMEOUT_MS = 10_000

function createResendMailer(apiKey: string): Mailer {
  const base = (env('RESEND_API_URL') ?? 'https://api.resend.com').replace(/\/+$/, '')
  return {
    kind: 'resend',
    async send(message, idempotencyKey) {
      const response = await fetch(`${base}/emails`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify({
          from: `${message.from.name} <${message.from.address}>`,
          to: [message.to],
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          headers: { ...message.headers, 'Message-ID': message.messageId },
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300)
        throw new Error(`email API answered ${response.status}${detail ? `: ${detail}` : ''}`)
      }
      await response.body?.cancel().catch(() => undefined)
    },
    close() {},
  }
}

function createSmtpMailer(url: string): Mailer {
  const transport = createTransport({
    url,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
    dnsTimeout: SEND_TIMEOUT_MS,
  })
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
      })
    },
    close() {
      transport.close()
    },
  }
}

/** The configured transport, or null when neither RESEND_API_KEY nor SMTP_URL is set. */
export function createMailer(): Mailer | null {
  const resendKey = env('RESEND_API_KEY')
  if (resendKey) return createResendMailer(resendKey)
  const smtpUrl = env('SMTP_URL')
  if (smtpUrl) return createSmtpMailer(smtpUrl)
  return null
}
