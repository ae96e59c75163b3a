// A job as an RFC 5545 event (docs/decisions/053-quotes-and-jobs.md): the customer's e-mailed invite (REQUEST, or
// CANCEL) and the owner's private feed. Times are Pacific wall-clock times under TZID=America/Los_Angeles with
// that zone's VTIMEZONE, so 08:00 stays 08:00 on either side of a daylight-saving change.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { sql } from 'kysely'
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { site } from '../../content/site'
import { formatCents } from '../../lib/money'
import { LINK_PAGE_HEADERS } from '../../lib/page/link-page-headers'
import { formatWindow, type QuoteJob } from './quote'
import { selectQuotes, toQuote } from './quote-reads.server'
import type { Db } from '../../platform/db/database.server'
import { keptSetting, readSetting, writeSetting } from '../../platform/db/settings.server'
import { BUSINESS_TIME_ZONE } from '../../platform/time/business-hours.server'
import { sanitizeText } from '../../platform/transport/mail.server'
import { CUSTOMER_COLUMNS, townOf, type LeadCustomer } from '../leads/index.server'
import { serviceAddress } from '../leads'

/**
 * A Pacific day and HH:MM as ical-generator writes it under the event's TZID: a local time's digits as they are.
 * Only a time in the process's own daylight-saving gap would shift, and a job's window is within opening hours.
 */
const wallClock = (day: string, hhmm: string) => `${day}T${hhmm}:00`

/** A job with whom and where it is for, as the invite and the feed read them. */
export type CalendarJob = QuoteJob & Pick<LeadCustomer, 'firstName' | 'street' | 'zip' | 'sourcePage'>

function calendar(method: ICalCalendarMethod | null, name?: string) {
  return ical({
    prodId: { company: site.name, product: 'jobs' },
    // No name: the calendar itself stays without a zone, so DTSTAMP is UTC; the events' TZID gets its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(method ? { method } : {}),
    ...(name ? { name, ttl: 3600 } : {}),
  })
}

function addEvent(
  cal: ReturnType<typeof calendar>,
  job: CalendarJob,
  now: Date,
  extra: { summary: string; description: string },
) {
  const where = serviceAddress(sanitizeText(job.street, 200), sanitizeText(job.zip, 10))
  return cal.createEvent({
    id: job.uid,
    sequence: job.sequence,
    start: wallClock(job.day, job.start),
    end: wallClock(job.day, job.end),
    timezone: BUSINESS_TIME_ZONE,
    stamp: now,
    status: job.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(where ? { location: where } : {}),
    ...extra,
  })
}

/**
 * A name in a quoted parameter (CN="…"), by RFC 6868: ical-generator escapes `"` with a backslash, which RFC 5545
 * does not know, so a `"` in a first name would end the value and start parameters of the customer's choosing.
 */
const parameterText = (text: string) => text.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r?\n/g, '^n')

/** The customer's invite: METHOD:REQUEST, or METHOD:CANCEL once the job is cancelled; same UID, higher SEQUENCE. */
export function customerInvite(
  job: CalendarJob & { email: string },
  now: Date,
): { method: 'REQUEST' | 'CANCEL'; ics: string } {
  const method = job.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST
  const cal = calendar(method)
  const event = addEvent(cal, job, now, {
    summary: `${site.name}: pressure washing`,
    description: `Arrival between ${formatWindow(job.start, job.end)}. Questions: ${site.phone}.`,
  })
  event.organizer({ name: parameterText(site.name), email: site.email })
  event.createAttendee({
    email: job.email,
    name: parameterText(sanitizeText(job.firstName, 60)),
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  })
  return { method: job.cancelled ? 'CANCEL' : 'REQUEST', ics: cal.toString() }
}

/** The feed's secret, made on first ask; `renew` replaces it, so the old address answers 404 at once. */
export async function calendarFeedSecret(db: Db, renew = false): Promise<string> {
  const fresh = randomBytes(24).toString('base64url')
  if (!renew) return keptSetting(db, 'calendar_feed_secret', fresh)
  await writeSetting(db, 'calendar_feed_secret', fresh)
  return fresh
}

export const calendarFeedUrl = (secret: string) => `${site.baseUrl}/calendar/${secret}.ics`

// A secret address, as the quote page's: never indexed, never sent on as a referrer.
const FEED_HEADERS = { ...LINK_PAGE_HEADERS, 'Cache-Control': 'private, no-store' }

function sameSecret(given: string, kept: string | null): boolean {
  if (!kept || given.length !== kept.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(kept))
}

/**
 * GET /calendar/<secret>.ics, the owner's feed: a subscription (no METHOD) of every scheduled job, and cancelled
 * ones for 30 days, with the customer's first name and town, and the phone. A wrong or old secret is 404.
 */
export async function calendarFeedResponse(db: Db, file: string, now: Date): Promise<Response> {
  const secret = /^([A-Za-z0-9_-]{32})\.ics$/.exec(file)?.[1]
  if (!secret || !sameSecret(secret, await readSetting(db, 'calendar_feed_secret')))
    return new Response('Not found\n', { status: 404, headers: { ...FEED_HEADERS, 'Content-Type': 'text/plain' } })
  const rows = await selectQuotes(db)
    .innerJoin('leads as l', 'l.id', 'q.lead_id')
    .select([...CUSTOMER_COLUMNS, 'l.phone'])
    .where('j.uid', 'is not', null)
    .where((eb) =>
      eb.or([eb('j.cancelled_at', 'is', null), eb('j.cancelled_at', '>', sql<Date>`now() - interval '30 days'`)]),
    )
    .orderBy('j.day')
    .orderBy('j.arrival_start')
    .execute()
  const cal = calendar(null, `${site.shortName} jobs`)
  for (const row of rows) {
    const job = toQuote(row).job!
    const name = sanitizeText(row.firstName, 60) || 'Customer'
    const town = townOf(row)
    addEvent(cal, { ...row, ...job }, now, {
      summary: town ? `${name}, ${town}` : name,
      description: [
        `Phone: ${sanitizeText(row.phone, 40)}`,
        `Arrival between ${formatWindow(job.start, job.end)}`,
        // A job exists only for an accepted quote.
        `Accepted total: ${formatCents(row.accepted_total_cents!)}`,
      ].join('\n'),
    })
  }
  return new Response(cal.toString(), {
    headers: { ...FEED_HEADERS, 'Content-Type': 'text/calendar; charset=utf-8' },
  })
}
