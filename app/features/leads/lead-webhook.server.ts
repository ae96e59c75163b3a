/** The lead webhook (docs/operations.md): Standard Webhooks' signature over each lead's JSON. */
import { Webhook } from 'standardwebhooks'
import type { NotificationLead } from './lead-email.server'

export type WebhookLead = Omit<NotificationLead, 'outboxId' | 'leadId'> & { id: string }

export interface LeadWebhookTarget {
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

export function isLeadWebhookSecret(value: string): boolean {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value)) return false
  const key = base64Bytes(value.slice(SECRET_PREFIX.length))
  return !!key && key.length >= 24 && key.length <= 64
}

export function isLeadWebhookUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value)
}

export function leadWebhookBody(lead: WebhookLead): string {
  return JSON.stringify({
    type: 'lead.created',
    timestamp: lead.createdAt.toISOString(),
    data: {
      id: lead.id,
      created_at: lead.createdAt.toISOString(),
      first_name: lead.firstName,
      email: lead.email,
      phone: lead.phone,
      source_page: lead.sourcePage,
      // Always present, null when not given, named as the lead list's columns (docs/operations.md).
      service_street: lead.street ?? null,
      service_zip: lead.zip ?? null,
      preferred_time: lead.preferredTime ?? null,
      outside_area: lead.outsideArea ?? null,
    },
  })
}

/** A redirect counts as a failure: the signed body is never re-sent elsewhere. */
export async function sendLeadWebhook(target: LeadWebhookTarget, lead: WebhookLead, now = new Date()): Promise<void> {
  const body = leadWebhookBody(lead)
  const timestamp = Math.floor(now.getTime() / 1000)
  const response = await fetch(target.url, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'lead-webhook/1',
      'webhook-id': lead.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': new Webhook(target.secret).sign(lead.id, new Date(timestamp * 1000), body),
    },
    body,
  })
  await response.body?.cancel()
  if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered HTTP ${response.status}`)
}
