/** The owner's webhook target from the function's secrets; a half or malformed setting is logged, not used. */
import {
  isLeadWebhookSecret,
  isLeadWebhookUrl,
  type LeadWebhookTarget,
} from './app/server/quote/lead-webhook.server.ts'
import { env } from './env.ts'
import { log } from './log.ts'

let warned = false

export function leadWebhookTarget(): LeadWebhookTarget | null {
  const url = env('LEAD_WEBHOOK_URL')
  const secret = env('LEAD_WEBHOOK_SECRET')
  if (!url && !secret) return null
  const problem =
    !url || !secret
      ? 'LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET must be set together'
      : !isLeadWebhookUrl(url)
        ? 'LEAD_WEBHOOK_URL must be an http(s):// address'
        : !isLeadWebhookSecret(secret)
          ? 'LEAD_WEBHOOK_SECRET must be whsec_ followed by base64 of 24 to 64 random bytes'
          : null
  if (!problem) return { url: url!, secret: secret! }
  if (!warned) {
    warned = true
    log.error(`[send-quote-email] the lead webhook is off: ${problem}`)
  }
  return null
}
