/** The owner's e-mail about a new lead: every visitor value escaped, the subject bounded. */
import { mapUrl, OWNER_TEXTS, preferredTimeText, serviceAddress } from '../owner/owner-lead'
import { hasForbiddenChars, isValidEmail } from './lead-schema'
import { BUSINESS_TIME_ZONE } from '../../platform/time/business-hours.server'

export interface NotificationLead {
  outboxId: string
  leadId: string
  firstName: string
  email: string
  phone: string
  sourcePage: string | null
  createdAt: Date
  /** Where and when: null or absent when not given. */
  street?: string | null
  zip?: string | null
  preferredTime?: string | null
  outsideArea?: boolean | null
}

export interface NotificationAddresses {
  to: string
  from: string
  fromName: string
}

export interface OwnerNotification {
  from: { name: string; address: string }
  to: string
  replyTo?: string
  subject: string
  text: string
  /** A simple HTML part beside the text, every value in it escaped (the customer's acknowledgement). */
  html?: string
  messageId: string
  headers: Record<string, string>
  /** An .ics the mail carries as a calendar part and as an attachment (nodemailer's icalEvent). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
}

const FORBIDDEN_GLOBAL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu

const ENCODED_WORD = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g
const HAS_ENCODED_WORD = /=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=/

function decodeEncodedWord(charset: string, encoding: string, text: string): string {
  try {
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
        : Uint8Array.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})|([\s\S])/g, (_, hex: string, c: string) =>
                hex ? String.fromCharCode(parseInt(hex, 16)) : c,
              ),
            (c) => c.charCodeAt(0),
          )
    return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(bytes)
  } catch {
    return text
  }
}

/** Mail clients decode `=?…?=` words. */
function withoutEncodedWords(value: string): string {
  let text = value
  for (let pass = 0; pass < 3 && HAS_ENCODED_WORD.test(text); pass++) {
    text = text.replace(ENCODED_WORD, (_, charset: string, encoding: string, encoded: string) =>
      decodeEncodedWord(charset, encoding, encoded).replace(FORBIDDEN_GLOBAL, ' '),
    )
  }
  return text.replace(/=\?/g, '= ?')
}

export function sanitizeText(value: string | null | undefined, maxLength: number): string {
  if (!value) return ''
  const clean = withoutEncodedWords(value.replace(FORBIDDEN_GLOBAL, ' '))
    .replace(FORBIDDEN_GLOBAL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value put into an e-mail's HTML part. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}

/** It goes into the Message-ID. */
export function emailDomain(address: string): string {
  const at = address.lastIndexOf('@')
  const domain = at >= 0 ? address.slice(at + 1).trim() : ''
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

/** One message: `key` names it in the Message-ID, `lead` in X-Quote-Request-Id; an HTML part only when given. */
export function composeMail(
  addresses: NotificationAddresses,
  message: {
    key: string
    to: string
    fromName?: string
    replyTo?: string
    subject: string
    text: string[]
    html?: string[]
    lead?: string
    headers?: Record<string, string>
    icalEvent?: OwnerNotification['icalEvent']
  },
): OwnerNotification {
  const { key, fromName, lead, text, html, headers, ...rest } = message
  return {
    ...rest,
    from: { name: fromName ?? addresses.fromName, address: addresses.from },
    text: [...text, ''].join('\n'),
    ...(html && {
      html: [
        '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
        ...html,
        '</body></html>',
      ].join('\n'),
    }),
    messageId: `<${key}@${emailDomain(addresses.from)}>`,
    headers: { ...(lead && { 'X-Quote-Request-Id': lead }), ...headers },
  }
}

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
  const address = serviceAddress(sanitizeText(lead.street, 200), sanitizeText(lead.zip, 10))
  const time = preferredTimeText(lead.preferredTime)
  return [
    ...(address ? [`Address:  ${address}`] : []),
    ...(address && lead.outsideArea ? [`Area:     ${OWNER_TEXTS.outsideArea} (not a ZIP code of our cities)`] : []),
    ...(address ? [`Map:      ${mapUrl(address)}`] : []),
    ...(time ? [`Best time: ${time}`] : []),
  ]
}

export function ownerNotification(lead: NotificationLead, addresses: NotificationAddresses): OwnerNotification {
  const name = sanitizeText(lead.firstName, 60) || 'website visitor'
  const email = sanitizeText(lead.email, 254)
  const phone = sanitizeText(lead.phone, 40)
  const page = sanitizeText(lead.sourcePage, 200) || '(not recorded)'
  const replyTo = isValidEmail(lead.email) && !hasForbiddenChars(lead.email) ? lead.email : undefined
  return composeMail(addresses, {
    key: `quote-${lead.outboxId}`,
    to: addresses.to,
    ...(replyTo ? { replyTo } : {}),
    subject: `New quote request from ${name}`,
    text: [
      'New quote request from the website.',
      '',
      `Name:     ${sanitizeText(lead.firstName, 100)}`,
      `Email:    ${email}`,
      `Phone:    ${phone}`,
      ...whereAndWhen(lead),
      `Page:     ${page}`,
      `Received: ${formatPacific(lead.createdAt)} (Pacific time) — ${lead.createdAt.toISOString()}`,
      `Reference: ${lead.leadId}`,
      '',
      replyTo
        ? 'Reply to this e-mail to answer the customer directly, or give them a call.'
        : 'Call or e-mail the customer using the details above.',
      'We promise a reply within 24 hours.',
    ],
    lead: lead.leadId,
  })
}
