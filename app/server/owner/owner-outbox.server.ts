import type { PGlite } from '@electric-sql/pglite'
import type { SendMailOptions } from 'nodemailer'
import { site } from '../../content/site'
import { sanitizeText, type NotificationAddresses } from '../quote/lead-email.server'
import { isValidEmail } from '../../lib/quote-schema'
import type { RuntimeConfig } from '../config.server'
import { pushToTargets, reviewRequestContent, type PushPayload, type PushTarget } from './owner-messages.server'

export { leadPushPayload, type PushPayload } from './owner-messages.server'

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
  return {
    from: { name: sanitizeText(site.name, 100), address: addresses.from },
    to: { name: '', address: lead.email },
    replyTo,
    ...reviewRequestContent(lead.firstName, reviewUrl),
  }
}

/** 404 or 410 drops the subscription; other failures throw for a retry. */
export async function sendLeadPush(
  db: PGlite,
  vapid: NonNullable<RuntimeConfig['owner']['vapid']>,
  subject: string,
  payload: PushPayload,
): Promise<number> {
  const subscriptions = await db.query<PushTarget>(`SELECT endpoint, p256dh, auth FROM public.owner_push_subscriptions`)
  const { delivered, gone, failures } = await pushToTargets(subscriptions.rows, { ...vapid, subject }, payload)
  for (const endpoint of gone)
    await db.query(`DELETE FROM public.owner_push_subscriptions WHERE endpoint = $1`, [endpoint])
  if (failures.length > 0) throw new Error(`push failed: ${failures.join('; ')}`)
  return delivered
}
