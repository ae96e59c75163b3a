// The morning list (docs/decisions/048-lead-follow-through.md, 055): at opening time, one e-mail naming the leads
// still new or contacted and unchanged for over a day, each a tap from a call, then the other features' parts.
import { messages } from '../../content/messages'
import { site, telHref } from '../../content/site'
import type { Db } from '../../platform/db/database.server'
import { composeMail, escapeHtml, sanitizeText, type Mail } from '../../platform/transport/mail.server'
import { ownerNameOf } from '../leads/index.server'

/** The listed leads still new or contacted, as the morning e-mail shows them: read when the e-mail is sent. */
export async function morningListLeads(db: Db, ids: string[]) {
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

type MorningLead = Awaited<ReturnType<typeof morningListLeads>>[number]

/** A feature's part of the morning list, after the leads (inbox-parts.server.ts): its groups of lines. */
export interface MorningListPart {
  /** The e-mail's subject when no lead waits and this is the first part with something to say. */
  subject: string
  groups: { heading: string; lines: string[]; ordered?: boolean }[]
}

/** Each lead a tap from a call or a text, then each part's groups (a numbered list where the order counts). */
export function morningListMail(leads: MorningLead[], parts: MorningListPart[], to: string): Mail {
  const items = leads.map((lead) => {
    const name = ownerNameOf(lead.firstName)
    const phone = sanitizeText(lead.phone, 40)
    const call = telHref(lead.phone)
    const since = new Date(lead.since).toISOString().slice(0, 10)
    return { name, phone, call, text: call.replace(/^tel:/, 'sms:'), line: `${name}, ${lead.status} since ${since}` }
  })
  const { subject, intro } = messages.morningList(leads.length)
  const groups = parts.flatMap((part) => part.groups)
  return composeMail({
    to,
    subject: leads.length > 0 || !parts[0] ? subject : parts[0].subject,
    text: [
      ...(leads.length > 0 ? [intro, ''] : []),
      ...items.flatMap((item) => [item.line, `  Call: ${item.call}   Text: ${item.text}   (${item.phone})`, '']),
      ...groups.flatMap(({ heading, lines }) => [heading, ...lines.map((line) => `  ${line}`), '']),
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
      ...groups.map(({ heading, lines, ordered }) => {
        const list = ordered ? 'ol' : 'ul'
        return `<p>${escapeHtml(heading)}</p><${list}>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</${list}>`
      }),
      `<p><a href="${escapeHtml(site.baseUrl)}/owner">Open the lead inbox</a></p>`,
    ],
  })
}
