// The day a customer asks for and the owner confirms (docs/decisions/063-owner-day.md). Every write is one
// transaction that locks the lead's row first (the house's one order), a confirmation then schedule_settings' row:
// two confirmations of one day's last place take turns, and a confirmation and "Offer other days" of one request
// have one outcome. A request holds no place: only confirmed jobs fill a day.
import type { Db } from '../../platform/db/database.server'
import { customerMail, enqueue, ownerMail, ownerPush } from '../../platform/outbox/outbox.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import { pacificDate } from '../../platform/time/business-hours.server'
import { composeMail, customerLetter, sanitizeText } from '../../platform/transport/mail.server'
import { cityOfZip, ownerNameOf } from '../leads/index.server'
import { quoteLink } from '../quotes'
import { scheduleJobIn } from '../quotes/index.server'
import { dayRequestPush, dayText, longDay, WINDOWS, type DayOffer, type TimeWindow } from './schedule'
import { dateValue, jobsPerDayBetween, offeredDays, scheduleSettings } from './truck-days.server'

const cityOf = (zip: string | null) => cityOfZip(zip)?.slug ?? null

/** The accepted quote of a token with its lead's ZIP, job and request; null when it is not accepted. */
function acceptedByToken(db: Db, token: string) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('leads as l', 'l.id', 'q.lead_id')
    .leftJoin('jobs as j', 'j.lead_id', 'q.lead_id')
    .leftJoin('day_requests as r', 'r.lead_id', 'q.lead_id')
    .select(['q.lead_id as leadId', 'l.service_zip as zip', 'l.first_name as firstName', 'j.cancelled_at'])
    .select(['j.day as jobDay', 'r.day', 'r.time_window as window', 'r.lead_id as requested', 'r.confirmed_at'])
    .where('q.token', '=', token)
    .where('q.accepted_at', 'is not', null)
    .executeTakeFirst()
}

/** What an accepted quote's page shows about its day: null once a job is on the calendar (the page says when). */
export async function dayOffer(db: Db, token: string, now: Date): Promise<DayOffer | null> {
  const found = await acceptedByToken(db, token)
  if (!found || (found.jobDay && !found.cancelled_at)) return null
  if (found.requested)
    return found.day
      ? { state: 'requested', day: dayText(found.day), window: found.window as TimeWindow }
      : { state: 'none-work' }
  const days = (await offeredDays(db, now))(cityOf(found.zip))
  return days.length > 0 ? { state: 'offered', days } : { state: 'call' }
}

/**
 * The customer's "Ask for this day" (a day and window) or "None of these work" (null). Refused, with nothing
 * stored: a day not offered now (forged, past, blocked, full), an answer after one was sent or confirmed.
 * The owner is pushed (while alerts are on); "None of these work" also e-mails him one line.
 */
export async function requestDay(
  db: Db,
  token: string,
  choice: { day: string; window: TimeWindow } | null,
  now: Date,
  push: boolean,
) {
  const result = await db.transaction().execute(async (tx) => {
    const found = await acceptedByToken(tx, token)
    if (!found) return 'gone'
    const lead = await lockLead(tx, found.leadId)
    if (!lead) return 'gone'
    const settled = await acceptedByToken(tx, token)
    if (!settled || (settled.jobDay && !settled.cancelled_at) || settled.confirmed_at) return 'confirmed'
    if (settled.requested) return 'already'
    if (choice && !(await offeredDays(tx, now))(cityOf(settled.zip)).includes(choice.day)) return 'not-offered'
    await tx
      .insertInto('day_requests')
      .values({ lead_id: found.leadId, day: choice?.day ?? null, time_window: choice?.window ?? null })
      .execute()
    const name = ownerNameOf(lead.first_name)
    const what = choice ? `${longDay(choice.day)}, ${choice.window}` : 'none of the offered days work'
    const row = { leadId: found.leadId, dueAt: now, onExisting: 'replace' as const }
    if (push) await enqueue(tx, ownerPush, dayRequestPush(name, what), { ...row, key: 'day-request-push' })
    if (!choice)
      await enqueue(
        tx,
        ownerMail,
        composeMail({
          subject: `${name}: no offered day works`,
          text: [`${name}: none of the offered days work; call to set the day.`],
          lead: found.leadId,
        }),
        { ...row, key: 'day-none-work' },
      )
    return 'requested'
  })
  if (result === 'requested') deliverSoon()
  return result
}

/** A lead's request not confirmed yet, if any. */
const openRequest = (db: Db, leadId: string) =>
  db
    .selectFrom('day_requests')
    .select(['day', 'time_window'])
    .where('lead_id', '=', leadId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst()

/** The lead cards' open requests (not confirmed), with how full and whether blocked their day is. */
export async function openDayRequest(db: Db, leadId: string) {
  const request = await openRequest(db, leadId)
  if (!request) return null
  const day = request.day ? dayText(request.day) : null
  const [settings, load] = await Promise.all([
    scheduleSettings(db),
    day ? dayLoad(db, day) : { booked: 0, blocked: false },
  ])
  return { day, window: request.time_window as TimeWindow | null, limit: settings.jobsPerDay, ...load }
}

/** The jobs already on a day, and whether it is blocked: what the card shows and "Confirm day" checks. */
async function dayLoad(db: Db, day: string) {
  const booked = (await jobsPerDayBetween(db, day, day)).get(day) ?? 0
  const blocked = await db.selectFrom('blocked_days').select('day').where('day', '=', dateValue(day)).executeTakeFirst()
  return { booked, blocked: Boolean(blocked) }
}

/** Locks the lead's row: the house's first lock. */
const lockLead = (tx: Db, leadId: string) =>
  tx.selectFrom('leads').select(['first_name', 'email']).where('id', '=', leadId).forUpdate().executeTakeFirst()

/** Locks the lead's row; its open request, if any. */
async function lockRequest(tx: Db, leadId: string) {
  const lead = await lockLead(tx, leadId)
  return { lead, request: lead && (await openRequest(tx, leadId)) }
}

/**
 * "Confirm day": the job is created by the quotes' own scheduling (the .ics, the reminder, the feed) in this
 * transaction, unless the day has passed, is blocked or is full by now.
 */
export async function confirmDay(db: Db, leadId: string, now: Date) {
  const result = await db.transaction().execute(async (tx) => {
    const { request } = await lockRequest(tx, leadId)
    if (!request?.day || !request.time_window) return 'no-request'
    // Every confirmation holds this row until it commits: the day's count below is then the last word.
    const settings = await scheduleSettings(tx, true)
    const day = dayText(request.day)
    if (day <= pacificDate(now)) return 'past'
    const { booked, blocked } = await dayLoad(tx, day)
    if (blocked) return 'blocked'
    if (settings.jobsPerDay !== null && booked >= settings.jobsPerDay) return 'full'
    const { start, end } = WINDOWS[request.time_window as TimeWindow]
    if ((await scheduleJobIn(tx, { lead: leadId, day, start, end }, now)) !== 'scheduled') return 'no-request'
    await tx.updateTable('day_requests').set({ confirmed_at: now }).where('lead_id', '=', leadId).execute()
    return 'confirmed'
  })
  if (result === 'confirmed') deliverSoon()
  return result
}

/** "Offer other days": the request goes, and the customer is e-mailed to pick again on the quote's page. */
export async function offerOtherDays(db: Db, leadId: string, now: Date): Promise<boolean> {
  const offered = await db.transaction().execute(async (tx) => {
    const { lead, request } = await lockRequest(tx, leadId)
    if (!lead || !request) return false
    await tx.deleteFrom('day_requests').where('lead_id', '=', leadId).execute()
    const quote = await tx.selectFrom('quotes').select('token').where('lead_id', '=', leadId).executeTakeFirstOrThrow()
    const asked = request.day ? `${longDay(dayText(request.day))} is not open after all` : 'We will find a day'
    const letter = customerLetter({
      to: lead.email,
      lead: leadId,
      subject: 'Please pick another day',
      intro: [`Hi ${sanitizeText(lead.first_name, 60)},`, `${asked}. Please pick another day on your quote's page:`],
      link: quoteLink(quote.token),
      button: 'Pick a day',
    })
    if (letter)
      await enqueue(tx, customerMail, letter, { leadId, key: 'day-offer-again', dueAt: now, onExisting: 'replace' })
    return true
  })
  if (offered) deliverSoon()
  return offered
}
