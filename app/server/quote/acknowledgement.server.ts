// The customer's "we have your request" e-mail (docs/decisions/048-follow-through.md): a fixed text with
// only the business's own facts in it. Nothing the visitor typed goes in, not even the name: forms are used
// to send spam through confirmation e-mails.
import { claims, site } from '../../content/site'
import { hasForbiddenChars, isValidEmail } from '../../lib/quote/quote-schema'
import {
  emailDomain,
  escapeHtml,
  sanitizeText,
  type NotificationAddresses,
  type OwnerNotification,
} from './lead-email.server'

export const ACKNOWLEDGEMENT_SUBJECT = `We received your quote request — ${site.name}`

/** Lines of the message; each is business text from app/content/, built at build time. */
function paragraphs(): string[] {
  return [
    `Thank you for contacting ${site.name}. Your quote request arrived.`,
    `What happens next: we look at your request and get back to you within ${claims.replyWithin}, by phone or e-mail, to arrange your free estimate.`,
    `Questions sooner? Call us at ${site.phone} (${site.hours.label}, ${site.hours.days}).`,
    `If you did not ask us for a quote, you can ignore this e-mail: someone entered your address on our website's form, and we will not write again.`,
  ]
}

/** `to` is the lead's stored address; `null` when it is not one a mail server should be given. */
export function acknowledgementMail(
  row: { outboxId: string; quoteRequestId: string; email: string },
  addresses: NotificationAddresses,
): OwnerNotification | null {
  if (!isValidEmail(row.email) || hasForbiddenChars(row.email)) return null
  const name = sanitizeText(site.name, 100)
  const text = [...paragraphs(), `${name}\n${site.baseUrl}`].join('\n\n') + '\n'
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs().map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a><br>`,
    `<a href="${escapeHtml(site.baseUrl)}">${escapeHtml(name)}</a></p>`,
    '</body></html>',
  ].join('\n')
  return {
    from: { name, address: addresses.from },
    to: row.email,
    replyTo: site.email,
    subject: ACKNOWLEDGEMENT_SUBJECT,
    text,
    html,
    messageId: `<ack-${row.outboxId}@${emailDomain(addresses.from)}>`,
    // RFC 3834: an automatic answer, so auto-responders do not answer it in turn.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  }
}
