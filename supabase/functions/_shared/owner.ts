// The owner's alerts and review requests (docs/decisions/033-owner-inbox.md), from the outbox rows that
// record_quote_request and owner_request_review queue.
import { site } from './app/content/site.ts'
import { isValidEmail } from './app/lib/quote-schema.ts'
import { emailDomain, sanitizeText, type OwnerNotification } from './app/server/quote/lead-email.server.ts'
import {
  leadPushPayload,
  pushToTargets,
  reviewRequestContent,
  type VapidKeys,
} from './app/server/owner/owner-messages.server.ts'
import type { ClaimedNotification, FunctionsDb } from './db.ts'
import { env } from './env.ts'
import { log } from './log.ts'
import { notificationAddresses } from './mail.ts'

const BASE64URL = /^[A-Za-z0-9_-]+$/
let warned = false

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys); a half setting is logged, not used. */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env('VAPID_PUBLIC_KEY')
  const privateKey = env('VAPID_PRIVATE_KEY')
  if (!publicKey && !privateKey) return null
  if (publicKey && privateKey && BASE64URL.test(publicKey) && BASE64URL.test(privateKey)) {
    return { publicKey, privateKey, subject: env('VAPID_SUBJECT') ?? `mailto:${notificationAddresses().to}` }
  }
  if (!warned) {
    warned = true
    log.error('[send-quote-email] alerts are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (base64url)')
  }
  return null
}

/** 404 or 410 drops the subscription; any other failure throws, so the row is retried for every phone. */
export async function pushLead(db: FunctionsDb, vapid: VapidKeys, row: ClaimedNotification): Promise<number> {
  const { delivered, gone, failures } = await pushToTargets(
    await db.pushTargets(),
    vapid,
    leadPushPayload(row.sourcePage),
  )
  for (const endpoint of gone) await db.dropPushTarget(endpoint)
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`)
  return delivered
}

/** To the customer, replies to the owner; the link is the site's GOOGLE_REVIEW_URL when it was queued. */
export async function reviewRequestMessage(db: FunctionsDb, row: ClaimedNotification): Promise<OwnerNotification> {
  const reviewUrl = (await db.outboxPayload(row.outboxId))?.reviewUrl
  if (typeof reviewUrl !== 'string' || !reviewUrl.startsWith('https://')) throw new Error('no review link queued')
  if (!isValidEmail(row.email)) throw new Error('the customer e-mail address is not usable')
  const addresses = notificationAddresses()
  return {
    from: { name: sanitizeText(site.name, 100), address: addresses.from },
    to: row.email,
    replyTo: addresses.to,
    ...reviewRequestContent(row.firstName, reviewUrl),
    messageId: `<review-${row.outboxId}@${emailDomain(addresses.from)}>`,
    headers: { 'X-Quote-Request-Id': row.quoteRequestId },
  }
}
