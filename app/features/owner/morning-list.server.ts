// The morning list (docs/decisions/048-lead-follow-through.md, 055): at opening time, one e-mail naming the leads
// still new or contacted and unchanged for over a day, each a tap from a call, and the invoices still due.
import { messages } from '../../content/messages'
import { site, telHref } from '../../content/site'
import { formatCents } from '../../lib/money'
import type { Db } from '../../platform/db/database.server'
import { composeMail, escapeHtml, sanitizeText, type Mail } from '../../platform/transport/mail.server'
import { OWNER_INVOICE_TEXTS, UNPAID_AGES, type UnpaidInvoice } from '../payments/invoice'

/** A lead in the morning list: the owner's own data, read when the e-mail is sent. */
export interface MorningLead {
  firstName: string
  phone: string
  status: string
  since: Date
}

/** The listed leads still new or contacted, as the morning e-mail shows them. */
export async function morningListLeads(db: Db, ids: string[]): Promise<MorningLead[]> {
  if (!Array.isArray(ids) || ids.length === 0) return []
  return db
    .selectFrom('leads')
    .select([
      'first_name as firstName',
      'phone',
      'status',
      (eb) => eb.fn<Date>('greatest', ['created_at', 'last_contact_at']).as('since'),
    ])
    .where('id', 'in', ids)
    .where('status', 'in', ['new', 'contacted'])
    .orderBy('created_at')
    .execute()
}

const STOPS = "Tomorrow's stops, in driving order"

/** Each lead a tap from a call or a text; the invoices grouped by how long ago they were sent. */
export function morningListMail(
  leads: MorningLead[],
  invoices: UnpaidInvoice[],
  to: string,
  stops: string[] = [],
): Mail {
  const items = leads.map((lead) => {
    const name = sanitizeText(lead.firstName, 60) || 'A customer'
    const phone = sanitizeText(lead.phone, 40)
    const call = telHref(lead.phone)
    const since = new Date(lead.since).toISOString().slice(0, 10)
    return { name, phone, call, text: call.replace(/^tel:/, 'sms:'), line: `${name}, ${lead.status} since ${since}` }
  })
  const { subject, intro } = messages.morningList(leads.length)
  const due = invoicesDue(invoices)
  return composeMail({
    to,
    subject: leads.length > 0 ? subject : invoices.length > 0 ? messages.invoicesDue(invoices.length).subject : STOPS,
    text: [
      ...(leads.length > 0 ? [intro, ''] : []),
      ...items.flatMap((item) => [item.line, `  Call: ${item.call}   Text: ${item.text}   (${item.phone})`, '']),
      ...due.flatMap(({ heading, lines }) => [heading, ...lines.map((line) => `  ${line}`), '']),
      ...(stops.length > 0 ? [`${STOPS}:`, ...stops.map((line) => `  ${sanitizeText(line, 300)}`), ''] : []),
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
      ...(stops.length > 0
        ? [
            `<p>${STOPS}:</p><ol>${stops.map((line) => `<li>${escapeHtml(sanitizeText(line, 300))}</li>`).join('')}</ol>`,
          ]
        : []),
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
