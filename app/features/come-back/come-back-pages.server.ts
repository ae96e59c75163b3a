// The customer's pages of a reminder (decision 064): /come-back/<token> offers the day the link named with "Book
// this day" and "Not this year", each a plain form posted back, so a GET (a mail scanner) never books or snoozes;
// /come-back/stop/<token> stops every reminder, from its button or a mail client's RFC 8058 one-click post.
// A forged or replayed link gets a clear page, and nothing changes.
import { randomBytes } from 'node:crypto'
import { site } from '../../content/site'
import { serviceSummary } from '../../content/service-list'
import type { Db } from '../../platform/db/database.server'
import { linkPage, plainPage } from '../../platform/http/link-page.server'
import { isSameOriginRequest } from '../../platform/http/origin.server'
import { bodyLengthRefusal } from '../../platform/http/body-length.server'
import { readPlainForm } from '../../platform/http/plain-form.server'
import { escapeHtml } from '../../platform/transport/mail.server'
import { storeLead, type LeadSettings } from '../leads/index.server'
import { DAY_PAGE_TEXTS, dayText, longDay, TIME_WINDOWS, type TimeWindow } from '../schedule'
import { isToken, reminderDays, snoozeCustomer } from './due-again.server'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export const COME_BACK_PAGE_TEXTS = {
  unknown: 'This link is not available',
  unknownText: `Please call us to book or to change your reminders.`,
  bookHeading: (service: string) => `Book your ${service.toLowerCase()}`,
  book: 'Book this day',
  window: 'When should we arrive?',
  booked: (day: string) => `Thank you: you asked for ${day}. We will confirm the day with you.`,
  notOffered: 'That day is not offered any more. Please pick another day from the e-mail, or call us.',
  noDay: `Reply to the e-mail or call ${site.phone} to pick a day.`,
  notThisYear: 'Not this year',
  snoozed: 'Done: we will not remind you this year.',
  stopHeading: 'Stop reminders',
  stopButton: 'Stop reminders',
  stopped: 'Done: you will get no more reminders from us.',
} as const

const unknown = () => plainPage(404, COME_BACK_PAGE_TEXTS.unknown, COME_BACK_PAGE_TEXTS.unknownText)
const button = (action: string, label: string) =>
  `<form method="post"><button type="submit" name="action" value="${action}">${escapeHtml(label)}</button></form>`

/** "Book this day" with the arrival window, named as the quote page names it; morning unless changed. */
const bookForm = (day: string) =>
  `<form method="post"><input type="hidden" name="day" value="${escapeHtml(day)}">` +
  `<fieldset><legend>${COME_BACK_PAGE_TEXTS.window}</legend>` +
  TIME_WINDOWS.map(
    (window, i) =>
      `<p><label><input type="radio" name="window" value="${window}"${i === 0 ? ' checked' : ''}> ` +
      `${escapeHtml(DAY_PAGE_TEXTS[window])}</label></p>`,
  ).join('') +
  `</fieldset><button type="submit" name="action" value="book">${COME_BACK_PAGE_TEXTS.book}</button></form>`

async function reminderOfToken(db: Db, token: string) {
  if (!isToken(token)) return null
  const row = await db
    .selectFrom('due_reminders')
    .innerJoin('past_customers', 'past_customers.id', 'due_reminders.customer_id')
    .innerJoin('past_jobs', 'past_jobs.id', 'due_reminders.past_job_id')
    .select([
      'due_reminders.id',
      'due_reminders.booked_day as bookedDay',
      'past_customers.id as customerId',
      'past_customers.name',
      'past_customers.email',
      'past_customers.phone',
      'past_customers.street',
      'past_customers.zip',
      'past_jobs.service_id as serviceId',
    ])
    .where('due_reminders.token', '=', token)
    .executeTakeFirst()
  if (!row) return null
  const title = COME_BACK_PAGE_TEXTS.bookHeading(serviceSummary(row.serviceId).title)
  return { ...row, title, bookedDay: row.bookedDay && dayText(row.bookedDay) }
}

/** The GET: the named day with "Book this day" when it is still offered, and "Not this year". */
export async function comeBackPageGet(db: Db, token: string, day: string | null, now: Date) {
  const reminder = await reminderOfToken(db, token)
  if (!reminder) return unknown()
  if (reminder.bookedDay)
    return plainPage(200, reminder.title, COME_BACK_PAGE_TEXTS.booked(longDay(reminder.bookedDay)))
  const offered = (await reminderDays(db, reminder.zip, now)).days
  const body =
    day && offered.includes(day)
      ? `<h2>${escapeHtml(longDay(day))}</h2>${bookForm(day)}`
      : `<p>${escapeHtml(day ? COME_BACK_PAGE_TEXTS.notOffered : COME_BACK_PAGE_TEXTS.noDay)}</p>`
  const notThisYear = `<h2>${COME_BACK_PAGE_TEXTS.notThisYear}</h2>${button('snooze', COME_BACK_PAGE_TEXTS.notThisYear)}`
  return linkPage(200, reminder.title, body + notThisYear)
}

/**
 * The POST: "Book this day" makes a lead of channel due_again with the day asked for, once (the reminder's row is
 * locked, and a second post finds it booked); "Not this year" snoozes 12 months.
 */
export async function comeBackPagePost(
  db: Db,
  request: Request,
  token: string,
  settings: LeadSettings,
): Promise<Response> {
  const form = await readPlainForm(request, 4096)
  if (form instanceof Response) return form
  const reminder = await reminderOfToken(db, token)
  if (!reminder) return unknown()
  const action = form?.text('action')
  if (action === 'snooze') {
    await snoozeCustomer(db, reminder.customerId, settings.now)
    return plainPage(200, reminder.title, COME_BACK_PAGE_TEXTS.snoozed)
  }
  const day = form?.text('day') ?? ''
  const window = form?.text('window') as TimeWindow
  if (action !== 'book' || !DAY.test(day) || !TIME_WINDOWS.includes(window))
    return plainPage(400, reminder.title, COME_BACK_PAGE_TEXTS.notOffered)
  if (!(await reminderDays(db, reminder.zip, settings.now)).days.includes(day))
    return plainPage(409, reminder.title, COME_BACK_PAGE_TEXTS.notOffered)
  const bookedDay = await db.transaction().execute(async (tx) => {
    const locked = await tx
      .selectFrom('due_reminders')
      .select(['booked_day'])
      .where('id', '=', reminder.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (locked.booked_day) return dayText(locked.booked_day)
    const lead = await storeLead(
      tx,
      {
        firstName: reminder.name.split(' ')[0]!.slice(0, 100) || reminder.name,
        email: reminder.email,
        phone: reminder.phone,
        street: reminder.street ?? '',
        zip: reminder.zip ?? '',
        serviceId: reminder.serviceId,
        source: { tags: {}, channel: 'due_again', heardAbout: 'used-before' },
        idempotencyKey: `due-again-${reminder.id}-${randomBytes(4).toString('hex')}`,
        spamReason: null,
        sourcePage: `/come-back`,
        userAgent: null,
        ipHash: null,
      },
      settings,
    )
    await tx
      .updateTable('due_reminders')
      .set({ booked_day: day, booked_window: window, booked_at: settings.now, lead_id: lead.id })
      .where('id', '=', reminder.id)
      .execute()
    return day
  })
  return plainPage(200, reminder.title, COME_BACK_PAGE_TEXTS.booked(longDay(bookedDay)))
}

async function customerOfStopToken(db: Db, token: string) {
  if (!isToken(token)) return null
  return db.selectFrom('past_customers').select(['id', 'stopped_at']).where('stop_token', '=', token).executeTakeFirst()
}

export async function stopPageGet(db: Db, token: string): Promise<Response> {
  const customer = await customerOfStopToken(db, token)
  if (!customer) return unknown()
  if (customer.stopped_at) return plainPage(200, COME_BACK_PAGE_TEXTS.stopHeading, COME_BACK_PAGE_TEXTS.stopped)
  return linkPage(200, COME_BACK_PAGE_TEXTS.stopHeading, button('stop', COME_BACK_PAGE_TEXTS.stopButton))
}

/** The page's button (same origin) or a mail client's one-click post (RFC 8058: from anywhere, that one field). */
export async function stopPagePost(db: Db, request: Request, token: string, now: Date): Promise<Response> {
  const refused = bodyLengthRefusal(request, 4096)
  if (refused) return new Response(refused.error, { status: refused.status })
  const form = await request.formData().catch(() => null)
  const oneClick = form?.get('List-Unsubscribe') === 'One-Click'
  if (!oneClick && !(isSameOriginRequest(request) && form?.get('action') === 'stop'))
    return new Response('Forbidden', { status: 403 })
  const customer = await customerOfStopToken(db, token)
  if (!customer) return unknown()
  await db
    .updateTable('past_customers')
    .set((eb) => ({ stopped_at: eb.fn.coalesce('stopped_at', eb.val(now)) }))
    .where('id', '=', customer.id)
    .execute()
  return plainPage(200, COME_BACK_PAGE_TEXTS.stopHeading, COME_BACK_PAGE_TEXTS.stopped)
}
