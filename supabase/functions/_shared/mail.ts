// Resend when RESEND_API_KEY is set, else SMTP_URL: hosted Edge Functions cannot open ports 25 and 587.
import { createTransport } from 'nodemailer'
import {
  ownerAddresses,
  type NotificationAddresses,
  type OwnerNotification,
} from './app/server/quote/lead-email.server.ts'
import { env } from './env.ts'

export interface Mailer {
  readonly kind: 'resend' | 'smtp'
  send(message: OwnerNotification, idempotencyKey: string): Promise<void>
  close(): void
}

/** With Resend, the sender must be on a verified domain. */
export function notificationAddresses(): NotificationAddresses {
  return ownerAddresses(env('QUOTE_NOTIFY_EMAIL'), env('QUOTE_FROM_EMAIL'))
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
          ...(message.html ? { html: message.html } : {}),
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
        ...(message.html ? { html: message.html } : {}),
        messageId: message.messageId,
        headers: message.headers,
      })
    },
    close() {
      transport.close()
    },
  }
}

export function createMailer(): Mailer | null {
  const resendKey = env('RESEND_API_KEY')
  if (resendKey) return createResendMailer(resendKey)
  const smtpUrl = env('SMTP_URL')
  if (smtpUrl) return createSmtpMailer(smtpUrl)
  return null
}
