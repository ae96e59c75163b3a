// The two e-mails of coming back (decision 064), built when sent from what is stored then: the reminder of a due
// date and the review request of a paid job. Every typed value is cleaned with sanitizeText and escaped in HTML.
import { fullAddress, site } from '../../content/site'
import { serviceSummary } from '../../content/service-list'
import type { Db } from '../../platform/db/database.server'
import { composeMail, escapeHtml, paragraphs, sanitizeText, type Mail } from '../../platform/transport/mail.server'
import { POSTED_WORK_BASE_URL } from '../work'
import { formatCents } from '../../lib/money'
import { dayText, longDay } from '../schedule'
import { reminderDays } from './due-again.server'
import { reviewLink } from './due-again'

const comeBackLink = (token: string, day?: string) => `${site.baseUrl}/come-back/${token}${day ? `?day=${day}` : ''}`
const stopLink = (token: string) => `${site.baseUrl}/come-back/stop/${token}`

/** The postal address every come-back e-mail ends with. */
const POSTAL = `${site.name}, ${fullAddress}`
const firstName = (name: string) => sanitizeText(name.split(' ')[0], 60) || 'there'
/**
 * What the reminder says, read as it is sent: its facts and the days it offers `now`; null when its customer or job
 * is gone.
 */
export async function reminderFacts(db: Db, reminderId: string, now: Date) {
  const row = await db
    .selectFrom('due_reminders')
    .innerJoin('past_customers', 'past_customers.id', 'due_reminders.customer_id')
    .innerJoin('past_jobs', 'past_jobs.id', 'due_reminders.past_job_id')
    .leftJoin('price_list', 'price_list.service_id', 'past_jobs.service_id')
    .select((eb) => [
      'due_reminders.token',
      'due_reminders.due_on as dueOn',
      'due_reminders.booked_at as bookedAt',
      'past_customers.stop_token as stopToken',
      'past_customers.stopped_at as stoppedAt',
      'past_customers.snoozed_until as snoozedUntil',
      'past_customers.name',
      'past_customers.email',
      'past_customers.zip',
      'past_jobs.service_id as serviceId',
      'past_jobs.done_on as doneOn',
      'past_jobs.price_cents as priceCents',
      'past_jobs.items',
      'price_list.starting_cents as thisYearCents',
      // The after-photo of that job, when the owner posted its photos: the smallest variant.
      eb
        .selectFrom('posted_work')
        .select('image_hash')
        .whereRef('posted_work.lead_id', '=', 'past_jobs.lead_id')
        .where('published', '=', true)
        .orderBy('created_at', 'desc')
        .limit(1)
        .as('photoHash'),
      eb
        .exists(
          eb
            .selectFrom('past_jobs as later')
            .select('later.id')
            .whereRef('later.customer_id', '=', 'past_jobs.customer_id')
            .whereRef('later.service_id', '=', 'past_jobs.service_id')
            .whereRef('later.done_on', '>', 'past_jobs.done_on'),
        )
        .as('doneAgain'),
    ])
    .where('due_reminders.id', '=', reminderId)
    .executeTakeFirst()
  if (!row) return null
  return {
    ...row,
    ...(await reminderDays(db, row.zip, now)),
    dueOn: dayText(row.dueOn),
    doneOn: dayText(row.doneOn),
    what: (row.items as { description: string }[]).map((item) => item.description).join(', '),
    photoUrl: row.photoHash ? `${site.baseUrl}${POSTED_WORK_BASE_URL}${row.photoHash}-320.webp` : null,
  }
}

/** RFC 8058: a mail client's one-click "Unsubscribe" posts List-Unsubscribe=One-Click to the stop link. */
const unsubscribeHeaders = (stopToken: string) => ({
  'List-Unsubscribe': `<${stopLink(stopToken)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

export function reminderMail(facts: NonNullable<Awaited<ReturnType<typeof reminderFacts>>>): Mail {
  const service = serviceSummary(facts.serviceId).title
  const what = sanitizeText(facts.what, 200)
  const last = `Last time, on ${longDay(facts.doneOn)}, we did: ${what}, ${formatCents(facts.priceCents, { whole: true })}.`
  const thisYear =
    facts.thisYearCents !== null
      ? [`This year's price: from ${formatCents(facts.thisYearCents, { whole: true })}.`]
      : []
  const city = facts.cityName ? ` in ${facts.cityName}` : ''
  const daysIntro = facts.days.length
    ? `Our truck is${city} on these days. Pick one and we will confirm it:`
    : `Reply to this e-mail or call ${site.phone} to pick a day.`
  const snooze = comeBackLink(facts.token)
  const stop = stopLink(facts.stopToken)
  const footer = [POSTAL, `Not this year: ${snooze}`, `Stop reminders: ${stop}`]
  const lines = [`Hi ${firstName(facts.name)},`, `Your ${service.toLowerCase()} is due again.`, last, ...thisYear]
  return composeMail({
    to: facts.email,
    subject: `Your ${service.toLowerCase()} is due again`,
    text: [
      ...lines,
      '',
      daysIntro,
      ...facts.days.map((day) => `${longDay(day)}: ${comeBackLink(facts.token, day)}`),
      '',
      ...footer,
    ],
    html: [
      ...(facts.photoUrl
        ? [
            `<p><img src="${escapeHtml(facts.photoUrl)}" width="320" alt="Your ${escapeHtml(service)}, after our last visit"></p>`,
          ]
        : []),
      ...paragraphs([...lines, daysIntro]),
      ...(facts.days.length
        ? [
            '<ul>',
            ...facts.days.map(
              (day) =>
                `<li><a href="${escapeHtml(comeBackLink(facts.token, day))}">${escapeHtml(longDay(day))}</a></li>`,
            ),
            '</ul>',
          ]
        : []),
      `<p><a href="${escapeHtml(snooze)}">Not this year</a> · <a href="${escapeHtml(stop)}">Stop reminders</a></p>`,
      `<p>${escapeHtml(POSTAL)}</p>`,
    ],
    headers: unsubscribeHeaders(facts.stopToken),
  })
}

export function reviewRequestMail(person: { name: string; email: string }, token: string, reminder: boolean): Mail {
  const link = reviewLink(token)
  const privately = `mailto:${site.email}?subject=${encodeURIComponent('About our job')}`
  const lines = [
    `Hi ${firstName(person.name)},`,
    reminder
      ? `A short reminder: if you have a minute, a review on Google helps our neighbors find ${site.name}.`
      : `Thank you for choosing ${site.name}. If you have a minute, a review on Google helps our neighbors find us.`,
  ]
  return composeMail({
    to: person.email,
    subject: reminder ? `A minute for a review of ${site.name}?` : `Thank you from ${site.name}`,
    text: [...lines, '', `Write a review: ${link}`, `Or tell us privately: ${site.email}`, '', POSTAL],
    html: [
      ...paragraphs(lines),
      `<p><a href="${escapeHtml(link)}">Write a review</a> · <a href="${escapeHtml(privately)}">Tell us privately</a></p>`,
      `<p>${escapeHtml(POSTAL)}</p>`,
    ],
  })
}
