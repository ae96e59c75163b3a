// A webhook signed per Standard Webhooks (docs/operations.md): the lead webhook's transport.
import { Webhook } from 'standardwebhooks'

export interface WebhookTarget {
  url: string
  secret: string
}

const TIMEOUT_MS = 10_000
const SECRET_PREFIX = 'whsec_'

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(Array.from(atob(text), (c) => c.charCodeAt(0)))
  } catch {
    return null
  }
}

export function isWebhookSecret(value: string): boolean {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) return false
  const key = base64Bytes(value.slice(SECRET_PREFIX.length))
  return !!key && key.length >= 24 && key.length <= 64
}

export function isWebhookUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value)
}

/** POSTs `body` as message `id`; a redirect counts as a failure, so the signed body is never re-sent elsewhere. */
export async function sendWebhook(target: WebhookTarget, id: string, body: string, now: Date): Promise<void> {
  const timestamp = Math.floor(now.getTime() / 1000)
  const response = await fetch(target.url, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'lead-webhook/1',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': new Webhook(target.secret).sign(id, new Date(timestamp * 1000), body),
    },
    body,
  })
  await response.body?.cancel()
  if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered HTTP ${response.status}`)
}
