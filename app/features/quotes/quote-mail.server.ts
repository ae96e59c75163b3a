// The e-mails and pushes about a quote and its job (docs/decisions/053-quotes-and-jobs.md), in the words of
// app/content/messages.ts: to the customer from the business, replies to the owner, built from the stored quote as
// they are queued (the day-before reminder as it is sent); typed values cleaned and escaped wherever they meet HTML.
import { messages } from '../../content/messages'
import { site } from '../../content/site'
import { isValidEmail } from '../../lib/text'
import { formatCents } from '../../lib/money'
import {
  composeMail,
  customerLetter,
  escapeHtml,
  paragraphs,
  sanitizeText,
  type Mail,
} from '../../platform/transport/mail.server'
import type { Push } from '../../platform/transport/push.server'
import { firstNameOf, ownerNameOf, toInbox, townOf, type LeadCustomer } from '../leads/index.server'
import { serviceAddress } from '../leads'
import { customerInvite } from './calendar.server'
import {
  formatDay,
  formatPacificTime,
  formatWindow,
  quoteLink,
  quoteTotal,
  type QuoteAcceptance,
  type QuoteFacts,
  type QuoteItem,
  type QuoteJob,
} from './quote'

/** The owner's multi-line texts (note, terms): line breaks kept, every other control character gone. */
const ownText = (text: string) => text.replace(/[^\S\n]+/g, ' ').replace(/[\p{Cc}]/gu, (c) => (c === '\n' ? c : ''))
const ownHtml = (text: string) =>
  ownText(text)
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)

/** The link to a new version of the quote; null for an address a mail server must not get. */
export function quoteSentMail(customer: LeadCustomer, quote: QuoteFacts): Mail | null {
  const optional = quote.items.filter((item) => item.optional).length
  const words = messages.quotes.sent(
    firstNameOf(customer),
    quote.version > 1,
    formatCents(quoteTotal(quote.items)),
    optional,
  )
  return customerLetter({
    to: customer.email,
    lead: customer.leadId,
    subject: words.subject,
    intro: words.intro,
    link: quoteLink(quote.token),
    button: words.button,
    outro: words.outro(formatDay(quote.validUntil, false)),
  })
}

/** The accepted quote in full: the items, the options added, the total, the name typed, the time and the terms. */
export function quoteAcceptedMail(customer: LeadCustomer, quote: QuoteFacts): Mail | null {
  const acceptance = quote.acceptance
  if (!acceptance || !isValidEmail(customer.email)) return null
  const line = (item: QuoteItem) => ({ name: sanitizeText(item.description, 200), price: formatCents(item.cents) })
  const required = acceptance.items.filter((item) => !item.optional).map(line)
  const added = acceptance.items.filter((item) => item.optional).map(line)
  const words = messages.quotes.accepted(
    firstNameOf(customer),
    sanitizeText(acceptance.name, 100),
    formatPacificTime(acceptance.at),
  )
  const total = words.total(formatCents(acceptance.totalCents))
  const link = quoteLink(quote.token)
  const table = (rows: { name: string; price: string }[]) =>
    `<table>${rows.map((row) => `<tr><td>${escapeHtml(row.name)}</td><td align="right">${escapeHtml(row.price)}</td></tr>`).join('')}</table>`
  const textList = (rows: { name: string; price: string }[]) => rows.map((row) => `  ${row.name}: ${row.price}`)
  return composeMail({
    to: customer.email,
    lead: customer.leadId,
    fromName: sanitizeText(site.name, 100),
    subject: words.subject,
    text: [
      ...words.intro.flatMap((text) => [text, '']),
      `${words.items}:`,
      ...textList(required),
      ...(added.length > 0 ? ['', `${words.options}:`, ...textList(added)] : []),
      '',
      total,
      ...(quote.note ? ['', `${words.note}:`, ownText(quote.note)] : []),
      '',
      `${words.terms}:`,
      ownText(quote.terms),
      '',
      words.link,
      link,
      '',
      ...words.outro,
      '',
      site.name,
    ],
    html: [
      ...paragraphs(words.intro),
      `<h2>${escapeHtml(words.items)}</h2>`,
      table(required),
      ...(added.length > 0 ? [`<h2>${escapeHtml(words.options)}</h2>`, table(added)] : []),
      `<p><strong>${escapeHtml(total)}</strong></p>`,
      ...(quote.note ? [`<h2>${escapeHtml(words.note)}</h2>`, ...ownHtml(quote.note)] : []),
      `<h2>${escapeHtml(words.terms)}</h2>`,
      ...ownHtml(quote.terms),
      `<p>${escapeHtml(words.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      ...paragraphs([...words.outro, site.name]),
    ],
  })
}

const whereOf = (customer: LeadCustomer) =>
  serviceAddress(sanitizeText(customer.street, 200), sanitizeText(customer.zip, 10))

/**
 * The job booked, moved or cancelled, with its calendar invite (REQUEST or CANCEL, built by calendar.server.ts,
 * stamped `now`).
 */
export function jobMail(customer: LeadCustomer, job: QuoteJob, now: Date): Mail | null {
  const invite = customerInvite({ ...job, ...customer }, now)
  const state = job.cancelled ? 'cancelled' : job.sequence > 0 ? 'moved' : 'new'
  const when = job.cancelled ? formatDay(job.day) : `${formatDay(job.day)}, ${formatWindow(job.start, job.end)}`
  const words = messages.quotes.job(firstNameOf(customer), when, state)
  const where = whereOf(customer)
  const lines = [...words.lines, ...(where && !job.cancelled ? [messages.quotes.address(where)] : []), ...words.outro]
  return customerLetter({
    to: customer.email,
    lead: customer.leadId,
    subject: words.subject,
    intro: lines,
    icalEvent: { method: invite.method, filename: 'invite.ics', content: invite.ics },
  })
}

/** The day before the job, once. */
export function jobReminderMail(customer: LeadCustomer, job: QuoteJob): Mail | null {
  const words = messages.quotes.reminder(
    firstNameOf(customer),
    `${formatDay(job.day)}, ${formatWindow(job.start, job.end)}`,
  )
  const where = whereOf(customer)
  const lines = [
    ...words.lines.slice(0, 2),
    ...(where ? [messages.quotes.address(where)] : []),
    ...words.lines.slice(2),
  ]
  return customerLetter({ to: customer.email, lead: customer.leadId, subject: words.subject, intro: lines })
}

/** To the owner about his own lead: the name and town may be in it (as the quote reminders, decision 048). */
export function quoteAcceptedPush(customer: LeadCustomer, acceptance: QuoteAcceptance): Push {
  const name = ownerNameOf(customer.firstName)
  return toInbox(messages.push.quoteAccepted(formatCents(acceptance.totalCents), name, townOf(customer)))
}

export function quoteChangesPush(customer: LeadCustomer, message: string): Push {
  return toInbox(messages.push.quoteChanges(ownerNameOf(customer.firstName), sanitizeText(message, 140)))
}
