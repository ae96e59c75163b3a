/**
 * The owner's webhook (LEAD_WEBHOOK_URL): each lead that is not suspected spam, POSTed as JSON and signed per
 * Standard Webhooks, delivered by the outbox worker with its retries (a `lead_webhook` row, like the e-mail).
 */
import { Webhook } from 'standardwebhooks'

export interface WebhookLead {
  id: string
  createdAt: Date
  firstName: string
  email: string
  phone: string
  sourcePage: string | null
}

export interface LeadWebhookTarget {
  url: string
  secret: string
}

const TIMEOUT_MS = 10_000

/** Standard Webhooks' envelope: type, timestamp, data. */
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
    },
  })
}

/**
 * One attempt; throws unless the receiver answers 2xx. `webhook-id` is the lead's id on every attempt, so
 * a receiver can drop a repeat. A redirect counts as a failure: the signed body is never re-sent elsewhere.
 */
export async function sendLeadWebhook(target: LeadWebhookTarget, lead: WebhookLead, now = new Date()): Promise<void> {
  const body = leadWebhookBody(lead)
  const signature = new Webhook(target.secret).sign(lead.id, now, body)
  const response = await fetch(target.url, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'lead-webhook/1',
      'webhook-id': lead.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
  })
  await response.body?.cancel()
  if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered HTTP ${response.status}`)
}
