/**
 * The job on the calendar (docs/decisions/053-quotes-and-jobs.md) on the run's database with a real SMTP server:
 * the e-mailed .ics read back by ical.js on both sides of November's daylight-saving change, a reschedule and a
 * cancel as updates of one event, the day-before reminder once across a restart, and the owner's feed.
 */
import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { site as business } from '../../app/content/site'
import { calendarFeedResponse, calendarFeedSecret } from '../../app/features/quotes/calendar.server'
import { scheduleJob } from '../../app/features/quotes/quotes.server'
import { QUOTE_REFUSALS } from '../../app/features/quotes/quote-texts'
import type { TestSite } from '../support/test-site'
import { migratedSiteData, rowsOf, useMailingSites, useTempDirs, type TestSmtp } from './helpers'
import { acceptedLead, quotedLead } from './quote-helpers'

const tempDir = useTempDirs()
const mailingSite = useMailingSites()

/** A movable clock: follow-ups are timed by it, so nothing waits for a real day (decision 048). */
function clockAt(iso: string) {
  let now = new Date(iso)
  return { clock: () => now, set: (next: string) => void (now = new Date(next)) }
}

/** The owner's scheduling of a job for `lead` on `day`, 08:00 to 10:00 unless said. */
const schedule = (site: TestSite, lead: string, day: string, start = '08:00', end = '10:00') =>
  scheduleJob(site.db, { lead, day, start, end }, site.now())

/** A calendar as a calendar app reads it: the time zone from the file's own VTIMEZONE, then its event. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!), text }
}

function invite(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.filename === 'invite.ics')
  if (!part) throw new Error(`no invite.ics in "${mail.subject}"`)
  return readCalendar(part.content.toString('utf8'))
}

const jobMails = (server: TestSmtp) =>
  server.received.map((received) => received.mail).filter((mail) => /visit/.test(mail.subject ?? ''))

describe('a scheduled job', { timeout: 120_000 }, () => {
  it('is e-mailed as an .ics whose 08:00 Pacific reads back right before and after the November change', async () => {
    const { site, smtp: server } = await mailingSite()
    const { id: before } = await acceptedLead(site, 'Bea')
    const { id: after } = await acceptedLead(site, 'Al')
    expect(await schedule(site, before, '2026-10-30')).toBe('scheduled')
    expect(await schedule(site, after, '2026-11-02')).toBe('scheduled')
    await site.outbox.drain()

    const byName = (name: string) => jobMails(server).find((mail) => mail.text?.includes(`Hi ${name},`))!
    for (const [name, utc] of [
      ['Bea', '2026-10-30T15:00:00.000Z'],
      ['Al', '2026-11-02T16:00:00.000Z'],
    ] as const) {
      const mail = byName(name)
      expect(mail.subject).toMatch(/^Your Delta Breeze visit on /)
      const { calendar, event, text } = invite(mail)
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
      expect(text).toMatch(/DTSTART;TZID=America\/Los_Angeles:2026\d{4}T080000/)
      expect(text).toContain('BEGIN:VTIMEZONE')
      expect(event.startDate.zone.tzid).toBe('America/Los_Angeles')
      expect([event.startDate.hour, event.startDate.minute]).toEqual([8, 0])
      expect(event.startDate.toJSDate().toISOString()).toBe(utc)
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(2 * 3600_000)
      expect(event.sequence).toBe(0)
      expect(event.organizer).toBe(`mailto:${business.email}`)
      expect(String(event.attendees[0]!.getFirstValue()).toLowerCase()).toBe(`mailto:${name.toLowerCase()}@example.com`)
    }

    // A reschedule: the same event, a higher sequence. A cancel: the same event, cancelled.
    const first = invite(byName('Al')).event.uid
    await schedule(site, after, '2026-11-03', '13:00', '15:00')
    await site.outbox.drain()
    const moved = jobMails(server).find((mail) => mail.subject?.startsWith('New time'))!
    expect(moved.text).toContain('Tuesday, November 3, 2026, 1:00 PM – 3:00 PM')
    const movedEvent = invite(moved).event
    expect([movedEvent.uid, movedEvent.sequence, movedEvent.startDate.toJSDate().toISOString()]).toEqual([
      first,
      1,
      '2026-11-03T21:00:00.000Z',
    ])
    expect(await scheduleJob(site.db, { lead: after, cancel: true }, site.now())).toBe('cancelled')
    await site.outbox.drain()
    const cancelled = invite(jobMails(server).find((mail) => mail.subject?.startsWith('Cancelled'))!)
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect([cancelled.event.uid, cancelled.event.sequence]).toEqual([first, 2])
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(await scheduleJob(site.db, { lead: after, cancel: true }, site.now())).toBe(QUOTE_REFUSALS['no-job'])
  })

  it('is not scheduled for a quote nobody accepted', async () => {
    const { site } = await mailingSite()
    const { id } = await quotedLead(site)
    expect(await schedule(site, id, '2027-01-04')).toBe(QUOTE_REFUSALS['not-accepted'])
    expect(await rowsOf(site, 'SELECT count(*)::int AS n FROM jobs')).toEqual([{ n: 0 }])
  })

  it('sends the day-before reminder once, across a restart on the same data', async () => {
    const time = clockAt('2026-10-20T16:00:00Z')
    const place = await migratedSiteData(await tempDir())
    const { site: first, smtp: server } = await mailingSite({}, { ...place, clock: time.clock })
    const { id: lead } = await acceptedLead(first)
    await schedule(first, lead, '2026-11-02')
    const reminders = () => server.received.filter((received) => received.mail.subject?.startsWith('Reminder'))
    await first.outbox.drain()
    expect(reminders()).toHaveLength(0)

    // 09:00 Pacific on November 1st, the day of the change: 17:00Z, no longer 16:00Z.
    time.set('2026-11-01T16:59:00Z')
    await first.outbox.drain()
    expect(reminders()).toHaveLength(0)
    time.set('2026-11-01T17:00:00Z')
    await first.outbox.drain()
    expect(reminders()).toHaveLength(1)
    expect(reminders()[0]!.mail.text).toContain('we come tomorrow, Monday, November 2, 2026, 8:00 AM – 10:00 AM')
    expect(reminders()[0]!.mail.text).toContain('Address: 12 Oak St, 95630')
    await first.close()

    const { site: second } = await mailingSite({}, { ...place, clock: time.clock, smtp: server })
    time.set('2026-11-01T20:00:00Z')
    await second.outbox.drain()
    expect(reminders()).toHaveLength(1)
    const row = await rowsOf(second, `SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE template = 'job_reminder'`)
    expect(row).toEqual([{ sent: true }])
  })

  it('gets no reminder when less than a day away, and a cancel takes the reminder with it', async () => {
    const { site } = await mailingSite({}, { clock: clockAt('2026-11-01T18:00:00Z').clock })
    const { id: soon } = await acceptedLead(site, 'Sam')
    const { id: later } = await acceptedLead(site, 'Lou')
    await schedule(site, soon, '2026-11-02')
    await schedule(site, later, '2026-11-10')
    const waiting = `SELECT q.first_name FROM outbox o JOIN leads q ON q.id = o.lead_id
                      WHERE o.template = 'job_reminder' AND o.sent_at IS NULL`
    const due = async () => (await rowsOf<{ first_name: string }>(site, waiting)).map((row) => row.first_name)
    expect(await due()).toEqual(['Lou'])
    await scheduleJob(site.db, { lead: later, cancel: true }, site.now())
    expect(await due()).toEqual([])
  })
})

describe('names in a calendar', { timeout: 120_000 }, () => {
  it('stay in their own fields with quotes, semicolons, colons, commas and line breaks, in the invite and the feed', async () => {
    const { site, smtp: server } = await mailingSite()
    const firstName = 'Ann "Bo"; ROLE=CHAIR:x, y\nZ'
    const { id: lead } = await acceptedLead(site, firstName, { email: 'ann@example.com', street: '12 "Oak"; St:x,\ny' })
    await schedule(site, lead, '2026-11-02')
    await site.outbox.drain()
    // As the e-mail shows them: a line break becomes a space.
    const [name, where] = ['Ann "Bo"; ROLE=CHAIR:x, y Z', '12 "Oak"; St:x, y, 95630']

    const { event } = invite(
      jobMails(server).find((mail) => mail.to && 'text' in mail.to && mail.to.text === 'ann@example.com')!,
    )
    const attendees = event.component.getAllProperties('attendee')
    expect(attendees.map((attendee) => [attendee.getFirstValue(), attendee.toJSON()[1]])).toEqual([
      ['MAILTO:ann@example.com', { role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED', rsvp: 'FALSE', cn: name }],
    ])
    expect(event.component.getFirstProperty('organizer')!.getParameter('cn')).toBe(business.name)
    expect(event.location).toBe(where)

    const secret = await calendarFeedSecret(site.db)
    const feed = readCalendar(await (await calendarFeedResponse(site.db, `${secret}.ics`, site.now())).text())
    expect([feed.event.summary, feed.event.location]).toEqual([`${name}, Folsom`, where])
  })
})

describe("the owner's calendar feed", { timeout: 120_000 }, () => {
  it('lists each scheduled job under its UID, and a renewed secret makes the old address answer 404', async () => {
    const { site } = await mailingSite()
    const { id: lead } = await acceptedLead(site)
    await schedule(site, lead, '2026-11-02')
    const { db } = site
    const secret = await calendarFeedSecret(db)
    const feed = await calendarFeedResponse(site.db, `${secret}.ics`, site.now())
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(feed.headers.get('cache-control')).toBe('private, no-store')
    const { calendar, event } = readCalendar(await feed.text())
    expect(calendar.getFirstPropertyValue('method')).toBeNull()
    const { uid } = await db.selectFrom('jobs').select('uid').executeTakeFirstOrThrow()
    expect(event.uid).toBe(uid)
    expect(event.summary).toBe('Maria, Folsom')
    expect(event.description).toContain('Phone: 916-555-0101')
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-02T16:00:00.000Z')

    const renewed = await calendarFeedSecret(db, true)
    expect(renewed).not.toBe(secret)
    expect((await calendarFeedResponse(site.db, `${secret}.ics`, site.now())).status).toBe(404)
    expect((await calendarFeedResponse(site.db, `${renewed}.ics`, site.now())).status).toBe(200)
    expect((await calendarFeedResponse(site.db, 'nothing.ics', site.now())).status).toBe(404)
  })
})
