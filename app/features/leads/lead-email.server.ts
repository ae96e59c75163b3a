// The e-mails about a lead, built when their cause queues them (decision 061): the owner's new-lead e-mail and
// photos e-mail, and the customer's acknowledgement. Every value a visitor typed is cleaned with sanitizeText.
import type { Insertable } from 'kysely'
import { messages } from '../../content/messages'
import { site } from '../../content/site'
import { isValidEmail } from '../../lib/text'
import type { DB } from '../../platform/db/schema.gen'
import { BUSINESS_TIME_ZONE } from '../../platform/time/business-hours.server'
import { composeMail, escapeHtml, sanitizeText, type Mail } from '../../platform/transport/mail.server'
import { ownerNameOf } from './lead-customer.server'
import { googleMapsSearchUrl } from '../../lib/page/google-maps'
import { OUTSIDE_AREA_TEXT, preferredTimeText, serviceAddress } from './lead-facts'

/** The lead as stored, which its messages are built from; where and when are null or absent when not given. */
export type NotificationLead = Pick<Insertable<DB['leads']>, Contact | WhereAndWhen> & { id: string; created_at: Date }
type Contact = 'first_name' | 'email' | 'phone' | 'source_page'
type WhereAndWhen = 'service_street' | 'service_zip' | 'preferred_time' | 'outside_area'

// Built once: a formatter costs more than the e-mail around it.
let pacificTime: Intl.DateTimeFormat | undefined
const formatPacific = (date: Date) =>
  (pacificTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  })).format(date)

/** The address, its map and the preferred time, each line only when there is something to say. */
function whereAndWhen(lead: NotificationLead): string[] {
  const address = serviceAddress(sanitizeText(lead.service_street, 200), sanitizeText(lead.service_zip, 10))
  const time = preferredTimeText(lead.preferred_time)
  return [
    ...(address ? [`Address:  ${address}`] : []),
    ...(address && lead.outside_area ? [`Area:     ${OUTSIDE_AREA_TEXT} (not a ZIP code of our cities)`] : []),
    ...(address ? [`Map:      ${googleMapsSearchUrl(address)}`] : []),
    ...(time ? [`Best time: ${time}`] : []),
  ]
}

/** The owner's e-mail about a new lead: "Reply" answers the customer when their address is usable. */
export function ownerNotification(lead: NotificationLead): Mail {
  const name = sanitizeText(lead.first_name, 60) || 'website visitor'
  const email = sanitizeText(lead.email, 254)
  const phone = sanitizeText(lead.phone, 40)
  const page = sanitizeText(lead.source_page, 200) || '(not recorded)'
  const replyTo = isValidEmail(lead.email) ? lead.email : undefined
  return composeMail({
    ...(replyTo ? { replyTo } : {}),
    subject: `New quote request from ${name}`,
    text: [
      'New quote request from the website.',
      '',
      `Name:     ${sanitizeText(lead.first_name, 100)}`,
      `Email:    ${email}`,
      `Phone:    ${phone}`,
      ...whereAndWhen(lead),
      `Page:     ${page}`,
      `Received: ${formatPacific(lead.created_at)} (Pacific time) — ${lead.created_at.toISOString()}`,
      `Reference: ${lead.id}`,
      '',
      replyTo
        ? 'Reply to this e-mail to answer the customer directly, or give them a call.'
        : 'Call or e-mail the customer using the details above.',
      'We promise a reply within 24 hours.',
    ],
    lead: lead.id,
  })
}

/** `count`: the lead's photos in all, so a second upload's e-mail tells the whole story. */
export function photosMail(lead: { id: string; firstName: string }, count: number): Mail {
  const name = ownerNameOf(lead.firstName)
  const { subject, lines } = messages.photos(name, count, lead.id)
  return composeMail({ subject, text: lines, lead: lead.id })
}

/**
 * The customer's "we have your request" (decision 048): a fixed text, nothing the visitor typed in it, since
 * forms are used to send spam through confirmation e-mails. Null when the stored address is not one a mail
 * server should be given.
 */
export function acknowledgementMail(email: string): Mail | null {
  if (!isValidEmail(email)) return null
  const name = sanitizeText(site.name, 100)
  const { subject, paragraphs } = messages.acknowledgement
  return composeMail({
    to: email,
    fromName: name,
    replyTo: site.email,
    subject,
    text: [...paragraphs.flatMap((line) => [line, '']), name, site.baseUrl],
    html: [
      ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a><br>`,
      `<a href="${escapeHtml(site.baseUrl)}">${escapeHtml(name)}</a></p>`,
    ],
    // RFC 3834: an automatic answer, so auto-responders do not answer it in turn.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  })
}
