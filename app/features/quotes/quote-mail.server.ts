// The e-mails and pushes about a quote and its job (docs/decisions/053-quotes-and-jobs.md), in the words of
// app/content/messages.ts: to the customer from the business, replies to the owner, every value read from the
// stored quote when the message is sent; typed values cleaned (sanitizeText) and escaped wherever they meet HTML.
import { messages } from '../../content/messages'
import { site } from '../../content/site'
import { serviceAddress } from '../owner/owner-lead'
import { formatCents } from '../../lib/money'
import {
  formatDay,
  formatPacificTime,
  formatWindow,
  quoteLink,
  quoteTotal,
  type QuoteFacts,
  type QuoteItem,
} from './quote'
import {
  customerLetter,
  customerMail,
  firstNameOf,
  paragraphs,
  toInbox,
  townOf,
  type PushPayload,
  type Senders,
} from '../../platform/outbox/messages.server'
import { customerInvite } from './calendar.server'
import { escapeHtml, sanitizeText } from '../leads/lead-email.server'

/** A lead with its quote, as the outbox's claim reads them. */
export interface QuoteMailLead {
  outboxId: string
  leadId: string
  firstName: string
  email: string
  street: string | null
  zip: string | null
  sourcePage: string | null
  quote: QuoteFacts
}

/** The owner's multi-line texts (note, terms): line breaks kept, every other control character gone. */
const ownText = (text: string) => text.replace(/[^\S\n]+/g, ' ').replace(/[\p{Cc}]/gu, (c) => (c === '\n' ? c : ''))
const ownHtml = (text: string) =>
  ownText(text)
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)

/** The link to a new version of the quote. */
export function quoteSentMail(lead: QuoteMailLead, senders: Senders) {
  const { quote } = lead
  const link = quoteLink(quote.token)
  const optional = quote.items.filter((item) => item.optional).length
  const words = messages.quotes.sent(
    firstNameOf(lead),
    quote.version > 1,
    formatCents(quoteTotal(quote.items)),
    optional,
  )
  return customerLetter(lead, `quote-${lead.outboxId}-v${quote.version}`, senders, {
    ...words,
    link,
    outro: words.outro(formatDay(quote.validUntil, false)),
  })
}

/** The accepted quote in full: the items, the options added, the total, the name typed, the time and the terms. */
export function quoteAcceptedMail(lead: QuoteMailLead, senders: Senders) {
  const { quote } = lead
  const acceptance = quote.acceptance
  if (!acceptance) return null
  const line = (item: QuoteItem) => ({ name: sanitizeText(item.description, 200), price: formatCents(item.cents) })
  const required = acceptance.items.filter((item) => !item.optional).map(line)
  const added = acceptance.items.filter((item) => item.optional).map(line)
  const words = messages.quotes.accepted(
    firstNameOf(lead),
    sanitizeText(acceptance.name, 100),
    formatPacificTime(acceptance.at),
  )
  const total = words.total(formatCents(acceptance.totalCents))
  const link = quoteLink(quote.token)
  const table = (rows: { name: string; price: string }[]) =>
    `<table>${rows.map((row) => `<tr><td>${escapeHtml(row.name)}</td><td align="right">${escapeHtml(row.price)}</td></tr>`).join('')}</table>`
  const textList = (rows: { name: string; price: string }[]) => rows.map((row) => `  ${row.name}: ${row.price}`)
  return customerMail(lead, `accepted-${lead.outboxId}`, senders, {
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

const whereOf = (lead: QuoteMailLead) => serviceAddress(sanitizeText(lead.street, 200), sanitizeText(lead.zip, 10))

/** The job booked, moved or cancelled, with its calendar invite (REQUEST or CANCEL, built by calendar.server.ts). */
export function jobMail(lead: QuoteMailLead, senders: Senders) {
  const job = lead.quote.job
  if (!job) return null
  const invite = customerInvite({ ...job, ...lead })
  const state = job.cancelled ? 'cancelled' : job.sequence > 0 ? 'moved' : 'new'
  const when = job.cancelled ? formatDay(job.day) : `${formatDay(job.day)}, ${formatWindow(job.start, job.end)}`
  const words = messages.quotes.job(firstNameOf(lead), when, state)
  const where = whereOf(lead)
  const lines = [...words.lines, ...(where && !job.cancelled ? [messages.quotes.address(where)] : []), ...words.outro]
  return customerLetter(lead, `job-${lead.outboxId}-${job.sequence}`, senders, {
    subject: words.subject,
    intro: lines,
    icalEvent: { method: invite.method, filename: 'invite.ics', content: invite.ics },
  })
}

/** The day before the job, once. */
export function jobReminderMail(lead: QuoteMailLead, senders: Senders) {
  const job = lead.quote.job
  if (!job || job.cancelled) return null
  const words = messages.quotes.reminder(
    firstNameOf(lead),
    `${formatDay(job.day)}, ${formatWindow(job.start, job.end)}`,
  )
  const where = whereOf(lead)
  const lines = [
    ...words.lines.slice(0, 2),
    ...(where ? [messages.quotes.address(where)] : []),
    ...words.lines.slice(2),
  ]
  return customerLetter(lead, `reminder-${lead.outboxId}-${job.day}`, senders, { subject: words.subject, intro: lines })
}

/** To the owner about his own lead: the name and town may be in it (as the quote reminders, decision 048). */
export function quoteAcceptedPushPayload(lead: QuoteMailLead): PushPayload | null {
  const acceptance = lead.quote.acceptance
  if (!acceptance) return null
  const name = firstNameOf(lead) || 'A customer'
  return toInbox(messages.push.quoteAccepted(formatCents(acceptance.totalCents), name, townOf(lead)))
}

export function quoteChangesPushPayload(lead: QuoteMailLead): PushPayload | null {
  const change = lead.quote.change
  if (!change) return null
  return toInbox(messages.push.quoteChanges(firstNameOf(lead) || 'A customer', sanitizeText(change.message, 140)))
}
