// The owner's settings among the function's secrets (docs/decisions/033-owner-inbox.md, 042); what the
// alerts and review requests send is the site's own code (outbox-deliveries.server.ts, synced).
import { isReviewUrl } from './app/lib/review-link.ts'
import type { VapidKeys } from './app/server/owner/owner-messages.server.ts'
import { env } from './env.ts'
import { log } from './log.ts'
import { notificationAddresses } from './mail.ts'

const BASE64URL = /^[A-Za-z0-9_-]+$/
const warned = new Set<string>()

function warnOnce(text: string): null {
  if (!warned.has(text)) {
    warned.add(text)
    log.error(`[send-quote-email] ${text}`)
  }
  return null
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys); a half setting is logged, not used. */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env('VAPID_PUBLIC_KEY')
  const privateKey = env('VAPID_PRIVATE_KEY')
  if (!publicKey && !privateKey) return null
  if (publicKey && privateKey && BASE64URL.test(publicKey) && BASE64URL.test(privateKey)) {
    return { publicKey, privateKey, subject: env('VAPID_SUBJECT') ?? `mailto:${notificationAddresses().to}` }
  }
  return warnOnce('alerts are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (base64url)')
}

/** GOOGLE_REVIEW_URL: the only link a review request carries, so no caller can choose another. */
export function googleReviewUrl(): string | null {
  const url = env('GOOGLE_REVIEW_URL')
  if (!url) return null
  return isReviewUrl(url) ? url : warnOnce('review requests wait: GOOGLE_REVIEW_URL must be an https:// address')
}
