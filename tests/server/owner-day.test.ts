/**
 * The owner's day (docs/decisions/063-owner-day.md) on the run's database with a real SMTP server: truck days
 * offered on an accepted quote's page, the customer's plain post, the owner's "Confirm day" through the quotes'
 * own scheduling, every bad input refused with nothing stored, one outcome for taps at once, and today's stops.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import zipcodes from 'zipcodes'
import { site as business } from '../../app/content/site'
import { pacificDate } from '../../app/platform/time/business-hours.server'
import { dayRequestPost } from '../../app/features/schedule/day-page.server'
import { confirmDay, dayOffer, offerOtherDays } from '../../app/features/schedule/day-requests.server'
import { addDays, DAY_PAGE_TEXTS, isoWeekday, OFFER_HORIZON_DAYS } from '../../app/features/schedule/schedule'
import { stopsOf, shortestOrder } from '../../app/features/schedule/today.server'
import { blockDays, saveTruckDays, truckDaySettings } from '../../app/features/schedule/truck-days.server'
import { blockDaysSchema } from '../../app/features/schedule/schedule-schema'
import { queueMorningList } from '../../app/features/owner/owner.outbox.server'
import { scheduleJob } from '../../app/features/quotes/quotes.server'
import type { TestSite } from '../support/test-site'
import { formPost, outboxDrained, rowsOf as rows, runHandler, useMailingSites } from './helpers'
import { acceptedLead } from './quote-helpers'

const mailingSite = useMailingSites()

/** A site whose truck is in Folsom on Tuesdays and Fridays (and `more`), `jobsPerDay` a day, home in 95815. */
async function openSite(jobsPerDay: number | null = 2, more: { city: 'roseville'; weekday: number }[] = []) {
  const opened = await mailingSite({}, { startWorker: true })
  await saveTruckDays(opened.site.db, {
    jobsPerDay,
    homeBase: '2150 Delta Breeze Way, Sacramento, CA 95815',
    senderName: 'Joe',
    days: [{ city: 'folsom', weekday: 2 }, { city: 'folsom', weekday: 5 }, ...more],
  })
  return opened
}

async function offered(site: TestSite, token: string): Promise<string[]> {
  const offer = await dayOffer(site.db, token, site.now())
  return offer?.state === 'offered' ? offer.days : []
}

let posts = 0

/** The day form posted from the quote's page, each time from another address (past the form's rate limit): its status, where it sends the browser and the refusal's text. */
async function ask(site: TestSite, token: string, fields: [string, string][]) {
  const visit = { ip: `198.51.100.${++posts}`, now: site.now(), limits: site.config.quote, push: true }
  const url = `${business.baseUrl}/quote/${token}/day`
  const response = await runHandler((request) => dayRequestPost(site.db, request, token, visit), formPost(url, fields))
  return { status: response.status, location: response.headers.get('location'), text: await response.text() }
}

describe("the customer's day", { timeout: 120_000 }, () => {
  it("offers only the city's truck days from tomorrow, minus blocked and full ones; every truck day without a ZIP", async () => {
    const { site } = await openSite(1, [{ city: 'roseville', weekday: 1 }])
    const folsom = await acceptedLead(site)
    const days = await offered(site, folsom.token)
    const today = pacificDate(site.now())
    expect(days.length).toBeGreaterThanOrEqual(3)
    expect(days.length).toBeLessThanOrEqual(6)
    expect(days.every((day) => [2, 5].includes(isoWeekday(day)) && day > today)).toBe(true)
    expect(days).toEqual([...days].sort())

    await blockDays(site.db, days[0]!, days[0]!)
    const other = await acceptedLead(site, 'Ann')
    expect(
      await scheduleJob(site.db, { lead: other.id, day: days[1]!, start: '08:00', end: '12:00' }, site.now()),
    ).toBe('scheduled')
    expect(await offered(site, folsom.token)).not.toContain(days[0])
    expect(await offered(site, folsom.token)).not.toContain(days[1])
    expect(await offered(site, folsom.token)).toContain(days[2])

    const nowhere = await acceptedLead(site, 'Zed', { zip: undefined, street: undefined })
    const anyTruckDay = await offered(site, nowhere.token)
    expect(anyTruckDay.every((day) => [1, 2, 5].includes(isoWeekday(day)))).toBe(true)
    expect(anyTruckDay.some((day) => isoWeekday(day) === 1)).toBe(true)
  })

  it('takes the plain post, shows "Requested", pushes the owner, and refuses a second request', async () => {
    const { site } = await openSite()
    const { id, token } = await acceptedLead(site)
    const first = (await offered(site, token))[0]!
    expect(await ask(site, token, [['choice', `${first} morning`]])).toMatchObject({
      status: 303,
      location: `/quote/${token}`,
    })
    expect(await dayOffer(site.db, token, site.now())).toEqual({ state: 'requested', day: first, window: 'morning' })
    expect(DAY_PAGE_TEXTS.requested(first, 'morning')).toMatch(
      /^Requested: \w+day, \w+ \d{1,2}, morning\. We will confirm by e-mail\.$/,
    )
    expect(
      await rows(site, `SELECT template, key FROM outbox WHERE lead_id = $1 AND key = 'day-request-push'`, [id]),
    ).toEqual([{ template: 'owner_push', key: 'day-request-push' }])

    const second = (await offered(site, token))[1] ?? first
    const again = await ask(site, token, [['choice', `${second} afternoon`]])
    expect(again.status).toBe(409)
    expect(await rows(site, 'SELECT day::text, time_window FROM day_requests')).toEqual([
      { day: first, time_window: 'morning' },
    ])
  })

  it('refuses a forged date, window or token, a past date, a blocked or a full day, storing nothing', async () => {
    const { site } = await openSite(1)
    const { token } = await acceptedLead(site)
    const [open, blocked, full] = await offered(site, token)
    await blockDays(site.db, blocked!, blocked!)
    const other = await acceptedLead(site, 'Ann')
    await scheduleJob(site.db, { lead: other.id, day: full!, start: '08:00', end: '12:00' }, site.now())
    const today = pacificDate(site.now())
    const notTruckDay = [1, 2, 3].map((n) => addDays(open!, n)).find((day) => ![2, 5].includes(isoWeekday(day)))!
    for (const [choice, status, text] of [
      [`${open} evening`, 400, DAY_PAGE_TEXTS.choose],
      ['2026-02-30 morning', 400, DAY_PAGE_TEXTS.choose],
      ['2026-13-01 morning', 400, DAY_PAGE_TEXTS.choose],
      [`${open}`, 400, DAY_PAGE_TEXTS.choose],
      [`${addDays(today, -1)} morning`, 409, DAY_PAGE_TEXTS.notOffered],
      [`${today} morning`, 409, DAY_PAGE_TEXTS.notOffered],
      [`${notTruckDay} morning`, 409, DAY_PAGE_TEXTS.notOffered],
      [`${addDays(today, OFFER_HORIZON_DAYS + 7)} morning`, 409, DAY_PAGE_TEXTS.notOffered],
      [`${blocked} morning`, 409, DAY_PAGE_TEXTS.notOffered],
      [`${full} afternoon`, 409, DAY_PAGE_TEXTS.notOffered],
    ] as const) {
      const answer = await ask(site, token, [['choice', choice]])
      expect([choice, answer.status]).toEqual([choice, status])
      expect(answer.text).toContain(text)
    }
    const forgedToken = 'A'.repeat(32)
    expect((await ask(site, forgedToken, [['choice', `${open} morning`]])).status).toBe(404)
    expect((await ask(site, 'short', [['choice', `${open} morning`]])).status).toBe(404)
    expect(await rows(site, 'SELECT lead_id FROM day_requests')).toEqual([])
  })

  it('"None of these work" e-mails the owner one line', async () => {
    const { site, smtp } = await openSite()
    const { token } = await acceptedLead(site)
    expect((await ask(site, token, [['intent', 'none']])).status).toBe(303)
    expect(await dayOffer(site.db, token, site.now())).toEqual({ state: 'none-work' })
    await outboxDrained(site)
    const mail = smtp.received.find((each) => each.mail.subject === 'Maria: no offered day works')!
    expect(mail.rcptTo).toEqual(['owner@example.com'])
    expect(mail.mail.text!.trim()).toBe('Maria: none of the offered days work; call to set the day.')
  })

  it('with no date in the next 21 days, the page says we will call and the settings name the city', async () => {
    const { site } = await openSite()
    const today = pacificDate(site.now())
    await blockDays(site.db, addDays(today, 1), addDays(today, OFFER_HORIZON_DAYS))
    const { token } = await acceptedLead(site)
    expect(await dayOffer(site.db, token, site.now())).toEqual({ state: 'call' })
    expect((await truckDaySettings(site.db, site.now())).noDateCities).toEqual(['Folsom'])
  })
})

describe("the owner's blocked days", () => {
  it("takes a day or a span of up to two months, and refuses what is no calendar day, in the owner's words", () => {
    const issue = (input: { from: string; to?: string }) => {
      const parsed = v.safeParse(blockDaysSchema, input)
      return parsed.success ? parsed.output : parsed.issues[0].message
    }
    expect(issue({ from: '2026-03-03' })).toEqual({ from: '2026-03-03', to: '2026-03-03' })
    expect(issue({ from: '2026-03-03', to: '2026-05-04' })).toEqual({ from: '2026-03-03', to: '2026-05-04' })
    for (const day of ['2026-02-30', '2026-13-01', '2026-00-10', 'March 3'])
      expect(issue({ from: day })).toBe('Give a date.')
    expect(issue({ from: '2026-03-03', to: '2026-03-02' })).toBe('The last date is before the first.')
    expect(issue({ from: '2026-03-03', to: '2026-05-05' })).toBe('Block at most two months at once.')
  })
})

describe("the owner's confirmation", { timeout: 120_000 }, () => {
  it('"Confirm day" creates the job as scheduling does: the .ics e-mailed, the reminder queued; a later request is refused', async () => {
    const { site, smtp } = await openSite()
    const { id, token } = await acceptedLead(site)
    // Two days on at least, so its day-before reminder is still ahead.
    const day = (await offered(site, token)).find((each) => each >= addDays(pacificDate(site.now()), 2))!
    await ask(site, token, [['choice', `${day} morning`]])
    expect(await confirmDay(site.db, id, site.now())).toBe('confirmed')
    expect(await rows(site, `SELECT key FROM outbox WHERE lead_id = $1 AND template = 'job_reminder'`, [id])).toEqual([
      { key: 'job-reminder' },
    ])
    expect(
      await rows(site, `SELECT day::text, arrival_start::text, arrival_end::text FROM jobs WHERE lead_id = $1`, [id]),
    ).toEqual([{ day, arrival_start: '08:00:00', arrival_end: '12:00:00' }])
    await outboxDrained(site)
    const visit = smtp.received.find((each) => /visit/.test(each.mail.subject ?? ''))!
    expect(visit.rcptTo).toEqual(['maria@example.com'])
    expect(visit.mail.attachments.map((part) => part.filename)).toContain('invite.ics')
    expect(await dayOffer(site.db, token, site.now())).toBeNull()
    expect((await ask(site, token, [['choice', `${day} afternoon`]])).status).toBe(409)
    expect(await rows(site, 'SELECT count(*)::int AS n FROM day_requests')).toEqual([{ n: 1 }])
  })

  it('refuses a day that became full or blocked with a clear reason, and "Offer other days" opens the form again', async () => {
    const { site, smtp } = await openSite(1)
    const first = await acceptedLead(site)
    const second = await acceptedLead(site, 'Ann')
    const [day, next] = await offered(site, first.token)
    await ask(site, first.token, [['choice', `${day} morning`]])
    await ask(site, second.token, [['choice', `${day} afternoon`]])
    expect(await confirmDay(site.db, first.id, site.now())).toBe('confirmed')
    expect(await confirmDay(site.db, second.id, site.now())).toBe('full')
    expect(await offerOtherDays(site.db, second.id, site.now())).toBe(true)
    await ask(site, second.token, [['choice', `${next} morning`]])
    await blockDays(site.db, next!, next!)
    expect(await confirmDay(site.db, second.id, site.now())).toBe('blocked')
    expect(await rows(site, 'SELECT count(*)::int AS n FROM jobs')).toEqual([{ n: 1 }])
    await outboxDrained(site)
    const again = smtp.received.find((each) => each.mail.subject === 'Please pick another day')!
    expect(again.rcptTo).toEqual(['ann@example.com'])
    expect(again.mail.text).toContain(`/quote/${second.token}`)
  })

  // Under `npm run test:postgres` the calls run at once on separate connections; on PGlite they take turns.
  it('two taps on one request, a tap racing "Offer other days", or two leads for the last place: one outcome', async () => {
    const { site } = await openSite(1)
    const [a, b, c] = [await acceptedLead(site), await acceptedLead(site, 'Ann'), await acceptedLead(site, 'Bo')]
    const [day, later] = await offered(site, a.token)
    await ask(site, a.token, [['choice', `${day} morning`]])
    const taps = await Promise.all([confirmDay(site.db, a.id, site.now()), confirmDay(site.db, a.id, site.now())])
    expect(taps.sort()).toEqual(['confirmed', 'no-request'])

    await ask(site, b.token, [['choice', `${later} morning`]])
    await ask(site, c.token, [['choice', `${later} afternoon`]])
    const [confirmB, offerB, confirmC] = await Promise.all([
      confirmDay(site.db, b.id, site.now()),
      offerOtherDays(site.db, b.id, site.now()),
      confirmDay(site.db, c.id, site.now()),
    ])
    expect(confirmB === 'confirmed' ? offerB : !offerB).toBe(false)
    expect([confirmB, confirmC].filter((result) => result === 'confirmed')).toHaveLength(1)
    expect(await rows(site, 'SELECT day::text, count(*)::int AS n FROM jobs GROUP BY day ORDER BY day')).toEqual([
      { day, n: 1 },
      { day: later, n: 1 },
    ])
  })
})

describe("today's stops", { timeout: 120_000 }, () => {
  it('orders every permutation of up to 8 stops exactly, shorter than the order given', () => {
    const home = { latitude: 0, longitude: 0 }
    const points = [3, 1, 2].map((x) => ({ latitude: 0, longitude: x }))
    expect(shortestOrder(home, points)).toEqual([1, 2, 0])
    // Out and back is longer than both on one side first: the exact order goes near, then far.
    const split = [-1, 2, -2, 1].map((x) => ({ latitude: 0, longitude: x }))
    expect(shortestOrder(home, split)).toEqual([0, 2, 3, 1])
  })

  it("keeps the zipcodes package's California centroids in the file the order reads (`npx vitest run -u` writes it)", async () => {
    const california = Object.values(zipcodes.codes).filter((code) => code.state === 'CA')
    const lines = california.map(({ zip, latitude, longitude }) => JSON.stringify([zip, latitude, longitude]))
    expect(lines).toContain('["95630",38.6709,-121.1529]')
    await expect(`[\n${lines.join(',\n')}\n]\n`).toMatchFileSnapshot('../../app/features/schedule/california-zips.json')
  })

  it('lists the day\'s jobs from the home base in driving order, with "Navigate" and "On my way", and e-mails them', async () => {
    const { site, smtp } = await openSite()
    const day = addDays(pacificDate(site.now()), 1)
    // Sacramento home base: Carmichael (95608) is nearest, then Folsom (95630), then El Dorado Hills (95762).
    const far = await acceptedLead(site, 'Eli', { zip: '95762', street: '1 Hill Rd' })
    const near = await acceptedLead(site, 'Maria', { zip: '95608', street: '5 Elm St' })
    const middle = await acceptedLead(site, 'Fay', { zip: '95630', street: '12 Oak St' })
    for (const lead of [far, near, middle])
      await scheduleJob(site.db, { lead: lead.id, day, start: '08:00', end: '12:00' }, site.now())
    const { stops } = await stopsOf(site.db, day)
    expect(stops.map((stop) => stop.firstName)).toEqual(['Maria', 'Fay', 'Eli'])
    expect(stops[0]).toMatchObject({
      address: '5 Elm St, Carmichael CA 95608',
      window: '8:00 AM – 12:00 PM',
      items: ['Driveway cleaning', 'Walkway and steps'],
      navigate: 'https://www.google.com/maps/dir/?api=1&destination=5%20Elm%20St%2C%20Carmichael%20CA%2095608',
    })
    expect(decodeURIComponent(stops[0]!.onMyWay!)).toMatch(
      /^sms:\+1\d{10}\?&body=Hi Maria, this is Joe, on my way, about 20 minutes\.$/,
    )

    // This morning's e-mail lists them, in the same order. The worker may have claimed today's list before
    // these jobs existed: the claim goes, as on a day that starts with them.
    await rows(site, `DELETE FROM daily_runs WHERE job = 'morning-list'`)
    await queueMorningList(site.db, pacificDate(site.now()), site.now())
    await outboxDrained(site)
    const morning = smtp.received.find((each) => each.mail.subject === "Tomorrow's stops, in driving order")!
    expect(morning.mail.text).toContain(
      "Tomorrow's stops, in driving order:\n  8:00 AM – 12:00 PM: Maria, 5 Elm St, Carmichael CA 95608\n" +
        '  8:00 AM – 12:00 PM: Fay, 12 Oak St, Folsom CA 95630\n  8:00 AM – 12:00 PM: Eli, 1 Hill Rd, El Dorado Hills CA 95762',
    )
  })

  it("keeps each window's promise: the morning stops first, then the afternoon ones from where the morning ended", async () => {
    const { site } = await openSite()
    const day = addDays(pacificDate(site.now()), 1)
    // From the Sacramento home base, Carmichael (95608) is nearest; but El Dorado Hills (95762) is the morning's, and
    // from there Folsom (95630) is nearer than Carmichael.
    const stops = [
      { lead: await acceptedLead(site, 'Maria', { zip: '95608', street: '5 Elm St' }), start: '13:00', end: '17:00' },
      { lead: await acceptedLead(site, 'Fay', { zip: '95630', street: '12 Oak St' }), start: '13:00', end: '17:00' },
      { lead: await acceptedLead(site, 'Eli', { zip: '95762', street: '1 Hill Rd' }), start: '08:00', end: '12:00' },
    ]
    for (const { lead, start, end } of stops)
      expect(await scheduleJob(site.db, { lead: lead.id, day, start, end }, site.now())).toBe('scheduled')
    const ordered = (await stopsOf(site.db, day)).stops
    expect(ordered.map((stop) => `${stop.firstName} ${stop.window}`)).toEqual([
      'Eli 8:00 AM – 12:00 PM',
      'Fay 1:00 PM – 5:00 PM',
      'Maria 1:00 PM – 5:00 PM',
    ])
  })
})
