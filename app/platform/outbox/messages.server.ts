// Every e-mail and push the outbox sends, built from app/content/messages.ts: values a person typed are cleaned
// (sanitizeText) before they go in, and escaped wherever they meet HTML.
import { messages } from '../../content/messages'
import { site, telHref } from '../../content/site'
import { leadTopic, pushTitle } from '../../features/owner/owner-lead'
import { hasForbiddenChars, isValidEmail } from '../../features/leads/lead-schema'
import { cityOfZip } from '../../features/leads/lead-fields.server'
import { composeMail, escapeHtml, sanitizeText } from '../../features/leads/lead-email.server'
import type { NotificationAddresses, OwnerNotification } from '../../features/leads/lead-email.server'
import type { DeliveryIo } from './templates.server'
import { formatCents } from '../../lib/money'
import { OWNER_INVOICE_TEXTS, UNPAID_AGES, type UnpaidInvoice } from '../../features/payments/invoice'

/** Where a message comes from and where a customer's reply goes. */
export type Senders = Pick<DeliveryIo, 'addresses' | 'ownerEmail'>

/**
 * To the customer from the business, replies to the owner. Null when the stored address is not one a mail server
 * should be given: the owner still has "Text the link".
 */
export function customerMail(
  lead: { email: string; leadId: string },
  key: string,
  { ownerEmail, addresses }: Senders,
  parts: { subject: string; text: string[]; html: string[]; icalEvent?: OwnerNotification['icalEvent'] },
): OwnerNotification | null {
  if (!isValidEmail(lead.email) || hasForbiddenChars(lead.email)) return null
  return composeMail(addresses, {
    key,
    fromName: sanitizeText(site.name, 100),
    to: lead.email,
    replyTo: ownerEmail,
    lead: lead.leadId,
    ...parts,
  })
}

export const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`)
export const firstNameOf = (lead: { firstName: string }) => sanitizeText(lead.firstName, 60)

export interface Letter {
  subject: string
  intro: string[]
  /** Shown as a button in HTML (its words `button`, else the link), as the bare link in text. */
  link?: string | null
  button?: string
  outro?: string[]
  icalEvent?: OwnerNotification['icalEvent']
}

/** How a letter to a customer reads: paragraphs, the link, the closing lines and the business's name. */
export function customerLetter(lead: { email: string; leadId: string }, key: string, senders: Senders, letter: Letter) {
  const { subject, intro, link, button = link ?? '', outro = [], icalEvent } = letter
  return customerMail(lead, key, senders, {
    subject,
    text: [
      ...intro.flatMap((line) => [line, '']),
      ...(link ? [link, ''] : []),
      ...(outro.length > 0 ? [...outro, ''] : []),
      site.name,
    ],
    html: [
      ...paragraphs(intro),
      ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`] : []),
      ...paragraphs([...outro, site.name]),
    ],
    ...(icalEvent && { icalEvent }),
  })
}

export interface PushPayload {
  title: string
  body: string
  url: string
}

export const toInbox = (push: { title: string; body: string }): PushPayload => ({ ...push, url: '/owner' })

/** No name, e-mail or phone: push services relay it. */
export function leadPushPayload(sourcePage: string | null): PushPayload {
  return toInbox({ title: pushTitle(sourcePage), body: messages.push.lead })
}

/** The lead's town: its ZIP's, else the page's it was sent from; null when neither is known. */
export function townOf(lead: { zip: string | null; sourcePage: string | null }): string | null {
  return cityOfZip(lead.zip)?.name ?? leadTopic(lead.sourcePage).city
}

/** The one reminder of a lead still new after `minutes` of opening hours (decision 048); " in X" when known. */
export function escalationPushPayload(lead: { zip: string | null; sourcePage: string | null }, minutes: number) {
  const city = townOf(lead)
  return toInbox(messages.push.escalation(city ? ` in ${city}` : '', minutes))
}

/** To the owner about their own lead, so the first name may be in it (decision 048). */
export function quoteReminderPushPayload(lead: { firstName: string }, days: number): PushPayload {
  return toInbox(messages.push.quoteReminder(sanitizeText(lead.firstName, 60) || 'the customer', days))
}

/** Photos come after the lead's own e-mail; no contact details here either (decision 044). */
export const photosPushPayload = (count: number) => toInbox(messages.push.photos(count))

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
  { ownerEmail, addresses }: Senders,
  invoices: UnpaidInvoice[] = [],
): OwnerNotification {
  const items = leads.map((lead) => {
    const name = sanitizeText(lead.firstName, 60) || 'A customer'
    const phone = sanitizeText(lead.phone, 40)
    const call = telHref(lead.phone)
    const since = sanitizeText(lead.since, 40).slice(0, 10)
    return { name, phone, call, text: call.replace(/^tel:/, 'sms:'), line: `${name}, ${lead.status} since ${since}` }
  })
  const { subject, intro } = messages.morningList(leads.length)
  const due = invoicesDue(invoices)
  return composeMail(addresses, {
    key: `morning-${day}-${outboxId}`,
    to: ownerEmail,
    subject: leads.length > 0 ? subject : messages.invoicesDue(invoices.length).subject,
    text: [
      ...(leads.length > 0 ? [intro, ''] : []),
      ...items.flatMap((item) => [item.line, `  Call: ${item.call}   Text: ${item.text}   (${item.phone})`, '']),
      ...due.flatMap(({ heading, lines }) => [heading, ...lines.map((line) => `  ${line}`), '']),
      `The lead inbox: ${site.baseUrl}/owner`,
    ],
    html: [
      ...(leads.length > 0 ? [`<p>${escapeHtml(intro)}</p><ul>`] : ['<ul>']),
      ...items.map(
        (item) =>
          `<li>${escapeHtml(item.line)}: <a href="${escapeHtml(item.call)}">Call</a> · ` +
          `<a href="${escapeHtml(item.text)}">Text</a> (${escapeHtml(item.phone)})</li>`,
      ),
      '</ul>',
      ...due.map(
        ({ heading, lines }) =>
          `<p>${escapeHtml(heading)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      ),
      `<p><a href="${escapeHtml(site.baseUrl)}/owner">Open the lead inbox</a></p>`,
    ],
  })
}

/** The invoices with a balance, grouped by how long ago they were sent (0–7, 8–30, over 30 days). */
function invoicesDue(invoices: UnpaidInvoice[]) {
  const words = messages.invoicesDue(invoices.length)
  return UNPAID_AGES.flatMap((age) => {
    const these = invoices.filter((invoice) => invoice.age === age)
    if (these.length === 0) return []
    const cents = formatCents(these.reduce((total, invoice) => total + invoice.balanceCents, 0))
    const lines = these.map((invoice) =>
      words.line(invoice.number, sanitizeText(invoice.firstName, 60), formatCents(invoice.balanceCents), invoice.days),
    )
    return [{ heading: words.heading(OWNER_INVOICE_TEXTS.ages[age].toLowerCase(), cents), lines }]
  })
}

/** `count`: the lead's photos in all, so a second upload's e-mail tells the whole story. */
export function photosMail(
  lead: { outboxId: string; leadId: string; firstName: string },
  count: number,
  addresses: NotificationAddresses,
): OwnerNotification {
  const name = sanitizeText(lead.firstName, 60) || 'A customer'
  const { subject, lines } = messages.photos(name, count, lead.leadId)
  return composeMail(addresses, {
    key: `photos-${lead.outboxId}-${count}`,
    to: addresses.to,
    subject,
    text: lines,
    lead: lead.leadId,
  })
}

export function signInMail(outboxId: string, link: string, { ownerEmail, addresses }: Senders) {
  const { subject, lines } = messages.signIn(link)
  return composeMail(addresses, { key: `sign-in-${outboxId}`, to: ownerEmail, subject, text: lines })
}

/** To the customer, replies to the owner. */
export function reviewRequestMail(
  lead: { outboxId: string; leadId: string; firstName: string; email: string },
  reviewUrl: string,
  { ownerEmail, addresses }: Senders,
): OwnerNotification {
  if (!isValidEmail(lead.email)) throw new Error('the customer e-mail address is not usable')
  const { subject, lines } = messages.reviewRequest(sanitizeText(lead.firstName, 60), reviewUrl)
  return composeMail(addresses, {
    key: `review-${lead.outboxId}`,
    fromName: site.name,
    to: lead.email,
    replyTo: ownerEmail,
    subject,
    text: lines,
    lead: lead.leadId,
  })
}

/**
 * The customer's "we have your request" (decision 048): a fixed text, nothing the visitor typed in it, since
 * forms are used to send spam through confirmation e-mails. `null` when the stored address is not one a mail
 * server should be given.
 */
export function acknowledgementMail(
  row: { outboxId: string; email: string },
  addresses: NotificationAddresses,
): OwnerNotification | null {
  if (!isValidEmail(row.email) || hasForbiddenChars(row.email)) return null
  const name = sanitizeText(site.name, 100)
  const { subject, paragraphs } = messages.acknowledgement
  return composeMail(addresses, {
    key: `ack-${row.outboxId}`,
    fromName: name,
    to: row.email,
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
