// The owner's sign-in e-mail, review requests and pushes, written once for the outbox's handlers.
import webpush from 'web-push'
import { site, telHref } from '../../content/site'
import { leadTopic, pushTitle } from '../../lib/owner/owner-lead'
import { isValidEmail } from '../../lib/quote/quote-schema'
import {
  emailDomain,
  escapeHtml,
  sanitizeText,
  type NotificationAddresses,
  type OwnerNotification,
} from '../quote/lead-email.server'
import { cityOfZip } from '../quote/lead-fields.server'

export interface PushPayload {
  title: string
  body: string
  url: string
}

/** No name, e-mail or phone: push services relay it. */
export function leadPushPayload(sourcePage: string | null): PushPayload {
  return { title: pushTitle(sourcePage), body: 'New quote request: open the inbox to call back.', url: '/owner' }
}

/** The lead's town: its ZIP's, else the page's it was sent from; " in X", or nothing when neither is known. */
function inTown(lead: { zip: string | null; sourcePage: string | null }): string {
  const city = cityOfZip(lead.zip) ?? leadTopic(lead.sourcePage).city
  return city ? ` in ${city}` : ''
}

/** The one reminder of a lead still new after `minutes` of opening hours (decision 048). */
export function escalationPushPayload(
  lead: { zip: string | null; sourcePage: string | null },
  minutes: number,
): PushPayload {
  return {
    title: `Still waiting: quote request${inTown(lead)}, ${minutes} min`,
    body: 'Nobody has marked it contacted yet: open the inbox to call back.',
    url: '/owner',
  }
}

/** To the owner about their own lead, so the first name may be in it (decision 048). */
export function quoteReminderPushPayload(lead: { firstName: string }, days: number): PushPayload {
  const name = sanitizeText(lead.firstName, 60) || 'the customer'
  return {
    title: `Follow up with ${name}: quoted ${days} days ago`,
    body: 'Still marked quoted: open the inbox to call, or mark it won or lost.',
    url: '/owner',
  }
}

/** A lead in the morning list: the owner's own data, read when the e-mail is sent. */
export interface MorningLead {
  firstName: string
  phone: string
  status: string
  since: string
}

/** At opening time: the leads still new or contacted with no change for over a day, each a tap from a call. */
export function morningListMail(
  outboxId: string,
  day: string,
  leads: MorningLead[],
  ownerEmail: string,
  addresses: NotificationAddresses,
): OwnerNotification {
  const items = leads.map((lead) => {
    const name = sanitizeText(lead.firstName, 60) || 'A customer'
    const phone = sanitizeText(lead.phone, 40)
    const call = telHref(lead.phone)
    const since = sanitizeText(lead.since, 40).slice(0, 10)
    return { name, phone, call, text: call.replace(/^tel:/, 'sms:'), line: `${name}, ${lead.status} since ${since}` }
  })
  const count = leads.length === 1 ? '1 lead is' : `${leads.length} leads are`
  return {
    from: { name: addresses.fromName, address: addresses.from },
    to: ownerEmail,
    subject: `${count} waiting for a call`,
    text: [
      `${count} still new or contacted with no change for over a day:`,
      '',
      ...items.flatMap((item) => [item.line, `  Call: ${item.call}   Text: ${item.text}   (${item.phone})`, '']),
      `The lead inbox: ${site.baseUrl}/owner`,
      '',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
      `<p>${escapeHtml(count)} still new or contacted with no change for over a day:</p><ul>`,
      ...items.map(
        (item) =>
          `<li>${escapeHtml(item.line)}: <a href="${escapeHtml(item.call)}">Call</a> · ` +
          `<a href="${escapeHtml(item.text)}">Text</a> (${escapeHtml(item.phone)})</li>`,
      ),
      `</ul><p><a href="${escapeHtml(site.baseUrl)}/owner">Open the lead inbox</a></p></body></html>`,
    ].join('\n'),
    messageId: `<morning-${day}-${outboxId}@${emailDomain(addresses.from)}>`,
    headers: {},
  }
}

/** Photos come after the lead's own e-mail; no contact details here either (decision 044). */
export function photosPushPayload(count: number): PushPayload {
  return { title: 'Photos added', body: `${photoCount(count)} added to a quote request.`, url: '/owner' }
}

function photoCount(count: number): string {
  return count === 1 ? '1 photo' : `${count} photos`
}

/** `count`: the lead's photos in all, so a second upload's e-mail tells the whole story. */
export function photosMail(
  lead: { outboxId: string; quoteRequestId: string; firstName: string },
  count: number,
  addresses: NotificationAddresses,
): OwnerNotification {
  const name = sanitizeText(lead.firstName, 60) || 'A customer'
  return {
    from: { name: addresses.fromName, address: addresses.from },
    to: addresses.to,
    subject: `${name} added ${photoCount(count)}`,
    text: [
      `${name} added ${photoCount(count)} of the area to their quote request.`,
      '',
      `See them in the lead inbox: ${site.baseUrl}/owner`,
      `Reference: ${lead.quoteRequestId}`,
      '',
    ].join('\n'),
    messageId: `<photos-${lead.outboxId}-${count}@${emailDomain(addresses.from)}>`,
    headers: { 'X-Quote-Request-Id': lead.quoteRequestId },
  }
}

export function signInMail(
  outboxId: string,
  link: string,
  ownerEmail: string,
  addresses: NotificationAddresses,
): OwnerNotification {
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
    messageId: `<sign-in-${outboxId}@${emailDomain(addresses.from)}>`,
    headers: {},
  }
}

/** To the customer, replies to the owner. */
export function reviewRequestMail(
  lead: { outboxId: string; quoteRequestId: string; firstName: string; email: string },
  reviewUrl: string,
  ownerEmail: string,
  addresses: NotificationAddresses,
): OwnerNotification {
  if (!isValidEmail(lead.email)) throw new Error('the customer e-mail address is not usable')
  const name = sanitizeText(lead.firstName, 60)
  return {
    from: { name: sanitizeText(site.name, 100), address: addresses.from },
    to: lead.email,
    replyTo: ownerEmail,
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
    messageId: `<review-${lead.outboxId}@${emailDomain(addresses.from)}>`,
    headers: { 'X-Quote-Request-Id': lead.quoteRequestId },
  }
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** `gone`: endpoints that answered 404 or 410, to drop; `failures`: the rest, to retry. */
export async function pushToTargets(targets: PushTarget[], vapid: VapidKeys, payload: PushPayload) {
  let delivered = 0
  const gone: string[] = []
  const failures: string[] = []
  for (const target of targets) {
    try {
      // fetch sends it: web-push's own sender is https-only.
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          urgency: 'high',
        },
      )
      const answer = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : null,
        signal: AbortSignal.timeout(10_000),
      })
      await answer.arrayBuffer().catch(() => undefined)
      if (answer.status === 404 || answer.status === 410) gone.push(target.endpoint)
      else if (answer.ok) delivered++
      else failures.push(`push service answered ${answer.status}`)
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
      failures.push(`${error instanceof Error ? error.message : String(error)}${cause}`)
    }
  }
  return { delivered, gone, failures }
}
