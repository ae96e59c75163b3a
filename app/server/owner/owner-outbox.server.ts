import type { PGlite } from '@electric-sql/pglite'
import type { SendMailOptions } from 'nodemailer'
import webpush from 'web-push'
import { site } from '../../content/site'
import { sanitizeText, type NotificationAddresses } from '../quote/lead-email.server'
import { pushTitle } from '../../lib/owner-lead'
import { isValidEmail } from '../../lib/quote-schema'
import type { RuntimeConfig } from '../config.server'

export const OWNER_KINDS = ['owner_sign_in', 'owner_push', 'review_request'] as const

export function signInMail(link: string, ownerEmail: string, addresses: NotificationAddresses): SendMailOptions {
  return {
    from: { name: addresses.fromName, address: addresses.from },
    to: ownerEmail,
    subject: `Your sign-in link for the ${site.name} lead inbox`,
    text: [
      'Open this link on your phone to sign in to the lead inbox:',
      '',
      link,
      '',
      'It works once, for 15 minutes. If you did not ask for it, ignore this e-mail.',
      '',
    ].join('\n'),
  }
}

export function reviewRequestMail(
  lead: { firstName: string; email: string },
  reviewUrl: string,
  replyTo: string,
  addresses: NotificationAddresses,
): SendMailOptions {
  if (!isValidEmail(lead.email)) throw new Error('the customer e-mail address is not usable')
  const name = sanitizeText(lead.firstName, 60)
  return {
    from: { name: sanitizeText(site.name, 100), address: addresses.from },
    to: { name: '', address: lead.email },
    replyTo,
    subject: `Thank you from ${site.name}`,
    text: [
      `Hi ${name || 'there'},`,
      '',
      `Thank you for choosing ${site.name}. If you have a minute, a review on Google helps our neighbours find us:`,
      '',
      reviewUrl,
      '',
      `Thanks again, ${site.name}`,
      '',
    ].join('\n'),
  }
}

export interface PushPayload {
  title: string
  body: string
  url: string
}

/** No name, e-mail or phone: push services relay it. */
export function leadPushPayload(sourcePage: string | null): PushPayload {
  return { title: pushTitle(sourcePage), body: 'New quote request: open the inbox to call back.', url: '/owner' }
}

/** 404 or 410 drops the subscription; other failures throw for a retry. */
export async function sendLeadPush(
  db: PGlite,
  vapid: NonNullable<RuntimeConfig['owner']['vapid']>,
  subject: string,
  payload: PushPayload,
): Promise<number> {
  const subscriptions = await db.query<{ endpoint: string; p256dh: string; auth: string }>(
    `SELECT endpoint, p256dh, auth FROM public.owner_push_subscriptions`,
  )
  let delivered = 0
  const failures: string[] = []
  for (const row of subscriptions.rows) {
    // fetch sends it: web-push's own sender is https-only.
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: 24 * 3600,
        urgency: 'high',
      },
    )
    try {
      const answer = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : null,
        signal: AbortSignal.timeout(10_000),
      })
      await answer.arrayBuffer().catch(() => undefined)
      if (answer.status === 404 || answer.status === 410) {
        await db.query(`DELETE FROM public.owner_push_subscriptions WHERE endpoint = $1`, [row.endpoint])
      } else if (answer.ok) delivered++
      else failures.push(`push service answered ${answer.status}`)
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`)
  return delivered
}
