/**
 * Coming back (docs/decisions/064-come-back.md) on the run's database with the site's outbox worker and a real
 * SMTP server: the CSV import and its refusals, who is due again, the reminder's timing (8:00-21:00 Pacific, 14 days
 * before, once per due date, across daylight saving time), its links, and the review request of a paid job. Every
 * date is counted from the test's own clock.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../app/features/schedule'
import {
  addMonths,
  COME_BACK_TEXTS,
  customerSearchOf,
  FIND_CUSTOMER_MAX,
  FIND_CUSTOMER_TEXTS,
} from '../../app/features/come-back/due-again'
import { findCustomers } from '../../app/features/come-back/customer-find.server'
import {
  pacificMorning,
  queueDueReminders,
  sendReminderNow,
} from '../../app/features/come-back/come-back.outbox.server'
import { comeBackPageGet, comeBackPagePost, stopPagePost } from '../../app/features/come-back/come-back-pages.server'
import { sendSameAsLastTime } from '../../app/features/come-back/come-back-card.server'
import { deleteCustomer, ERASED_CUSTOMER } from '../../app/features/come-back/customer-deletion.server'
import { confirmDay } from '../../app/features/schedule/day-requests.server'
import {
  dueAgainList,
  dueAgainView,
  reminderDays,
  insideReminderHours,
  reminderSendAt,
  saveDueIntervals,
  dueIntervals,
} from '../../app/features/come-back/due-again.server'
import { importPastJobs, IMPORT_MAX_ROWS, TEMPLATE_COLUMNS } from '../../app/features/come-back/past-jobs-import.server'
import { handlePastJobsPost } from '../../app/features/come-back/past-jobs-post.server'
import { pastCustomersCsv } from '../../app/features/come-back/past-customers-csv.server'
import {
  holdReviewRequest,
  openReviewLink,
  reviewLinkResponse,
} from '../../app/features/come-back/review-requests.server'
import { leadSources } from '../../app/features/owner/inbox.server'
import type { LeadInvoice } from '../../app/features/payments/invoice'
import { markJobDone, sendInvoice } from '../../app/features/payments/invoice-writes.server'
import { recordPayment } from '../../app/features/payments/payments.server'
import { pacificClock, pacificDate, pacificInstant } from '../../app/platform/time/business-hours.server'
import { chunked, formPost, leadSettings, outboxDrained, rowsOf, useMailingSites } from './helpers'
import type { TestSite } from '../support/test-site'
import { acceptedLead, acceptQuote } from './quote-helpers'

const mailingSite = useMailingSites()
const REVIEW_URL = 'https://g.page/r/come-back-review'

/** A site (asking for reviews at REVIEW_URL unless `env` says) whose clock the test moves: `at` is where it stands. */
async function openSite(env: Record<string, string> = { GOOGLE_REVIEW_URL: REVIEW_URL }) {
  const clock = { at: pacificAt(new Date(), 0, 10 * 60) }
  const { site, smtp } = await mailingSite(env, { clock: () => clock.at })
  return { site, smtp, clock }
}

/** Runs the outbox at the site's clock, and waits until nothing due then is left unsent. */
async function sendDue(site: TestSite) {
  await site.outbox.drain()
  await outboxDrained(site)
}

/** 10:00 (or `minute`) Pacific, `days` after the Pacific day of `from`. */
function pacificAt(from: Date, days: number, minute: number): Date {
  const { year, month, day } = pacificClock(from)
  return pacificInstant(year, month, day + days, minute)
}

/** A Folsom house-wash lead quoted, accepted, invoiced and paid in full in cash at `at`: its id. */
async function paidLead(site: TestSite, at: Date, name: string) {
  const { id } = await acceptedLead(site, name, { serviceId: 'full-house' })
  await markJobDone(site.db, id)
  const { totalCents: amount } = (await sendInvoice(site.db, id, at)) as LeadInvoice
  const payment = { lead: id, method: 'cash' as const, amount, receivedOn: pacificDate(at), checkNumber: '' }
  await recordPayment(site.db, payment, at)
  return id
}

const csv = (rows: string[][], header: readonly string[] = TEMPLATE_COLUMNS) =>
  new TextEncoder().encode([header, ...rows].map((row) => row.join(',')).join('\r\n'))

/** A house wash in Folsom done 11 and a half months before `now`: due in about 15 days. */
const folsomHouseWash = (now: Date, email = 'dana@example.com') => [
  'Dana Reyes',
  email,
  '916-555-0110',
  '"12 Oak St, Apt 2"',
  '95630',
  'House washing',
  addDays(addMonths(pacificDate(now), -11), -15),
  '$420.00',
]

/** Dana's house wash (`folsomHouseWash`) imported: her job in the Due again list. */
async function danaDueAgain(site: TestSite, clock: { at: Date }) {
  await importPastJobs(site.db, csv([folsomHouseWash(clock.at)]), clock.at)
  return (await dueAgainList(site.db, clock.at))[0]!
}

/** `minute` Pacific, `days` before `job`'s due date. */
function beforeDue(job: { dueOn: string }, days: number, minute: number): Date {
  const [year, month, day] = job.dueOn.split('-').map(Number) as [number, number, number]
  return pacificInstant(year, month, day - days, minute)
}

describe('the past jobs import', () => {
  it('keeps the good rows, lists each bad one with its line and reason, and adds nothing the second time', async () => {
    const { site, clock } = await openSite()
    const today = pacificDate(clock.at)
    const file = csv([
      folsomHouseWash(clock.at),
      ['Eli Moss', 'eli-at-example.com', '916-555-0111', '', '95630', 'roof', today, '300'],
      ['Fay Lin', 'fay@example.com', '916-555-0112', '', '', 'gutters', addDays(today, 1), '150'],
      ['Gus Ray', 'gus@example.com', '916-555-0113', '', '', 'Driveway', today, '100000.01'],
      ['Hal Ko', 'hal@example.com', '916-555-0114', '', '', 'Chimney sweep', today, '90'],
      ['=HYPERLINK("http://x.example")', 'ivy@example.com', '916-555-0115', '', '', 'patio', today, '1,200.50'],
    ])
    const first = await importPastJobs(site.db, file, clock.at)
    expect(first).toEqual({
      added: 2,
      already: 0,
      skipped: [
        { line: 3, reason: '"eli-at-example.com" is not an e-mail address' },
        { line: 4, reason: `${addDays(today, 1)} is in the future` },
        { line: 5, reason: '"100000.01" is not a price from $0 to $100,000' },
        { line: 6, reason: '"Chimney sweep" is not one of our services' },
      ],
    })
    expect(await importPastJobs(site.db, file, clock.at)).toMatchObject({ added: 0, already: 2 })
    expect(await rowsOf(site, 'SELECT count(*)::int AS n FROM past_jobs')).toEqual([{ n: 2 }])
    // The formula-looking name is stored as typed, and exported so no spreadsheet runs it.
    const names = await rowsOf<{ name: string }>(site, 'SELECT name FROM past_customers ORDER BY name')
    expect(names.map((row) => row.name)).toContain('=HYPERLINK("http://x.example")')
    const exported = await pastCustomersCsv(site.db)
    expect(exported).toContain(`"'=HYPERLINK(""http://x.example"")"`)
    expect(exported).toContain('"12 Oak St, Apt 2"')
  })

  it('answers a posted file over 5 MB with 413 and one without a file with 400, as JSON or as a page', async () => {
    const { site, clock } = await openSite()
    const post = (file: Uint8Array | null, accept = 'application/json') => {
      const form = new FormData()
      if (file) form.set('file', new Blob([Buffer.from(file)], { type: 'text/csv' }), 'jobs.csv')
      const request = new Request('http://127.0.0.1/owner/past-jobs', {
        method: 'POST',
        body: form,
        headers: { Accept: accept },
      })
      return handlePastJobsPost(site.db, request, clock.at)
    }
    const big = await post(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61))
    expect([big.status, await big.json()]).toEqual([413, { refused: 'The file is over 5 MB.' }])
    const none = await post(null, 'text/html')
    expect(none.status).toBe(400)
    expect(await none.text()).toContain('<li>Choose one CSV file to import.</li>')
    const good = await post(csv([folsomHouseWash(clock.at)]))
    expect([good.status, await good.json()]).toEqual([200, { added: 1, already: 0, skipped: [] }])
  })

  it('refuses a file that is not UTF-8, over 5 MB, over 5,000 rows or missing a column, and writes nothing', async () => {
    const { site, clock } = await openSite()
    const good = folsomHouseWash(clock.at)
    const latin1 = Uint8Array.from([...csv([good])].concat([0x0d, 0x0a, 0xe9, 0x2c]))
    expect(await importPastJobs(site.db, latin1, clock.at)).toEqual({
      refused: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and import it again.',
    })
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61)
    expect(await importPastJobs(site.db, big, clock.at)).toEqual({ refused: 'The file is over 5 MB.' })
    const many = csv(Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => good))
    expect(await importPastJobs(site.db, many, clock.at)).toEqual({ refused: 'The file has over 5,000 rows.' })
    const noPrice = csv([good.slice(0, 7)], TEMPLATE_COLUMNS.slice(0, 7))
    expect(await importPastJobs(site.db, noPrice, clock.at)).toEqual({ refused: 'The file has no price column.' })
    expect(await rowsOf(site, 'SELECT count(*)::int AS n FROM past_jobs')).toEqual([{ n: 0 }])
    // A byte-order mark is fine; exactly 5,000 rows too, and a Jobber export's own headers are read.
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...csv([good])])
    expect(await importPastJobs(site.db, bom, clock.at)).toMatchObject({ added: 1 })
    const jobber = [
      'Client name',
      'Email',
      'Phone',
      'Service address',
      'Zip code',
      'Job title',
      'Completed date',
      'Total',
    ]
    const other = folsomHouseWash(clock.at, 'omar@example.com')
    expect(await importPastJobs(site.db, csv([other], jobber), clock.at)).toMatchObject({ added: 1, skipped: [] })
  })
})

describe('due again', () => {
  it('lists a Folsom house wash done 11 and a half months ago, and nothing of a service set to never', async () => {
    const { site, clock } = await openSite()
    const due = await danaDueAgain(site, clock)
    expect(due).toMatchObject({ name: 'Dana Reyes', cityName: 'Folsom', serviceId: 'full-house', priceCents: 42000 })
    expect(due.dueOn).toBe(addMonths(due.doneOn, 12))
    await saveDueIntervals(site.db, { ...(await dueIntervals(site.db)), 'full-house': null })
    expect(await dueAgainList(site.db, clock.at)).toEqual([])
  })

  it('queues the reminder 14 days before the due date, not 15, and once per due date', async () => {
    const { site, smtp, clock } = await openSite()
    const due = await danaDueAgain(site, clock)
    clock.at = beforeDue(due, 15, 12 * 60)
    expect(await queueDueReminders(site.db, clock.at)).toBe(0)
    clock.at = beforeDue(due, 14, 12 * 60)
    expect(await queueDueReminders(site.db, clock.at)).toBe(1)
    expect(await queueDueReminders(site.db, clock.at)).toBe(0)
    await sendDue(site)
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!.mail
    expect(smtp.received[0]!.rcptTo).toEqual(['dana@example.com'])
    expect(mail.text).toContain('we did: Full House Washing, $420.')
    expect(mail.text).toMatch(/Delta Breeze Pressure Washing, .+, Sacramento, CA \d{5}/)
    const stop = /Stop reminders: (\S+)/.exec(mail.text!)![1]!
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ')
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${stop}>`)
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
  })

  it('sends only between 8:00 and 21:00 Pacific, on both sides of a daylight saving change', () => {
    const year = pacificClock(new Date()).year + 1
    // The second Sunday of March and the first of November, the US changes.
    const sunday = (month: number, nth: number) => {
      const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
      return 1 + ((7 - first) % 7) + 7 * (nth - 1)
    }
    const spring = sunday(3, 2)
    const fall = sunday(11, 1)
    // 8:00 is 15:00 UTC in summer time and 16:00 UTC in winter time.
    expect(pacificInstant(year, 3, spring, 8 * 60).toISOString()).toBe(
      new Date(Date.UTC(year, 2, spring, 15)).toISOString(),
    )
    expect(pacificInstant(year, 11, fall, 8 * 60).toISOString()).toBe(
      new Date(Date.UTC(year, 10, fall, 16)).toISOString(),
    )
    const beforeEight = pacificInstant(year, 3, spring, 7 * 60 + 59)
    expect(insideReminderHours(beforeEight)).toBe(false)
    expect(reminderSendAt(beforeEight)).toEqual(pacificInstant(year, 3, spring, 8 * 60))
    const lastMinute = pacificInstant(year, 11, fall, 20 * 60 + 59)
    expect(reminderSendAt(lastMinute)).toEqual(lastMinute)
    const nine = pacificInstant(year, 11, fall - 1, 21 * 60)
    expect(insideReminderHours(nine)).toBe(false)
    // 21:00 the night before the change: 8:00 the next morning, whose offset is the new one.
    expect(reminderSendAt(nine).toISOString()).toBe(new Date(Date.UTC(year, 10, fall, 16)).toISOString())
  })

  it('keeps a reminder queued at night until 8:00, then sends it', async () => {
    const { site, smtp, clock } = await openSite()
    const due = await danaDueAgain(site, clock)
    clock.at = beforeDue(due, 14, 22 * 60)
    expect(await queueDueReminders(site.db, clock.at)).toBe(1)
    await sendDue(site)
    expect(smtp.received).toHaveLength(0)
    clock.at = beforeDue(due, 13, 8 * 60)
    await sendDue(site)
    expect(smtp.received).toHaveLength(1)
  })

  it('never reminds a stopped customer, even imported again, nor one who asked for a quote since', async () => {
    const { site, smtp, clock } = await openSite()
    const dana = folsomHouseWash(clock.at)
    await importPastJobs(site.db, csv([dana, folsomHouseWash(clock.at, 'lee@example.com')]), clock.at)
    const jobs = await dueAgainList(site.db, clock.at)
    await sendReminderNow(site.db, jobs.find((job) => job.email === 'dana@example.com')!.jobId, clock.at)
    await site.outbox.drain()
    const stop = /Stop reminders: \S+\/come-back\/stop\/(\S+)/.exec(smtp.received[0]!.mail.text!)![1]!
    // A forged token changes nothing; the mail client's one-click post, from its own origin, stops.
    const forged = formPost(`http://127.0.0.1/come-back/stop/${'x'.repeat(32)}`, { 'List-Unsubscribe': 'One-Click' })
    expect((await stopPagePost(site.db, forged, 'x'.repeat(32), clock.at)).status).toBe(404)
    const fromMail = { Origin: 'https://mail.example' }
    const oneClick = formPost(`http://127.0.0.1/come-back/stop/${stop}`, { 'List-Unsubscribe': 'One-Click' }, fromMail)
    expect((await stopPagePost(site.db, oneClick, stop, clock.at)).status).toBe(200)
    await importPastJobs(site.db, csv([dana.with(7, '$430')]), clock.at)
    // Lee asked for a quote since the job: he is a lead already.
    await site.db
      .insertInto('leads')
      .values({ first_name: 'Lee', email: 'lee@example.com', phone: '916-555-0120', idempotency_key: 'lee-asked-1' })
      .execute()
    expect(await dueAgainList(site.db, clock.at)).toEqual([])
    clock.at = beforeDue(jobs[0]!, 14, 12 * 60)
    expect(await queueDueReminders(site.db, clock.at)).toBe(0)
    expect(await sendReminderNow(site.db, jobs[0]!.jobId, clock.at)).toBe('not-due')
    // The reminder already queued for Dana, sent after she stopped, is dropped as it is sent.
    const queued = "SELECT count(*)::int AS n FROM outbox WHERE template = 'due_again_reminder'"
    expect(await rowsOf(site, queued)).toEqual([{ n: 1 }])
  })

  it('dates a reminder sent on a Pacific evening by that evening, not by the UTC day', async () => {
    const { site, clock } = await openSite()
    const due = await danaDueAgain(site, clock)
    // 20:30 Pacific is past midnight in UTC, all year.
    clock.at = pacificAt(clock.at, 0, 20 * 60 + 30)
    await sendReminderNow(site.db, due.jobId, clock.at)
    await sendDue(site)
    const [row] = await dueAgainView(site.db, clock.at)
    expect(row!.reminderSentOn).toBe(pacificDate(clock.at))
  })

  it('refuses a one-click stop of no declared length with 411, before reading it', async () => {
    const { site, clock } = await openSite()
    const token = 'x'.repeat(32)
    const post = chunked(formPost(`http://127.0.0.1/come-back/stop/${token}`, { 'List-Unsubscribe': 'One-Click' }))
    const answer = await stopPagePost(site.db, post, token, clock.at)
    expect([answer.status, await answer.text()]).toEqual([411, 'Content-Length required'])
  })
})

describe('the reminder links', () => {
  it('offers 2 to 4 Folsom truck days, books one with a post only, once, and the owner confirms it after the quote', async () => {
    const { site, smtp, clock } = await openSite()
    // The truck is in Folsom on Tuesdays and Thursdays (the owner's day, issue 79).
    await rowsOf(site, "INSERT INTO truck_days (city_slug, weekday) VALUES ('folsom', 2), ('folsom', 4)")
    const job = await danaDueAgain(site, clock)
    await sendReminderNow(site.db, job.jobId, clock.at)
    await site.outbox.drain()
    const text = smtp.received[0]!.mail.text!
    const links = [...text.matchAll(/: (http\S+\/come-back\/([\w-]{32})\?day=(\d{4}-\d{2}-\d{2}))/g)]
    expect(links.length).toBeGreaterThanOrEqual(2)
    expect(links.length).toBeLessThanOrEqual(4)
    for (const [, , , day] of links) expect([2, 4]).toContain(new Date(`${day}T12:00:00Z`).getUTCDay())
    const [, url, token, day] = links[0]!
    const dueAgainLeads = async () =>
      (await rowsOf<{ id: string }>(site, "SELECT id FROM leads WHERE source_channel = 'due_again'")).map(
        (row) => row.id,
      )
    // A GET (a mail scanner) shows the button and books nothing.
    const get = await comeBackPageGet(site.db, token!, day!, clock.at)
    expect(await get.text()).toContain('Book this day')
    expect(await dueAgainLeads()).toEqual([])
    const post = (fields: Record<string, string>, t = token!) =>
      comeBackPagePost(site.db, formPost(url!, fields), t, leadSettings(site))
    // A day that is no Folsom truck day, or a forged token: a clear page, and nothing stored.
    const monday = addDays(day!, (8 - new Date(`${day}T12:00:00Z`).getUTCDay()) % 7 || 7)
    expect((await post({ action: 'book', day: monday, window: 'morning' })).status).toBe(409)
    expect((await post({ action: 'book', day: day!, window: 'morning' }, 'y'.repeat(32))).status).toBe(404)
    expect(await dueAgainLeads()).toEqual([])
    const booked = await post({ action: 'book', day: day!, window: 'afternoon' })
    expect(booked.status).toBe(200)
    expect(await booked.text()).toContain('you asked for')
    // Replayed: the same answer, no second lead.
    expect((await post({ action: 'book', day: day!, window: 'morning' })).status).toBe(200)
    const [lead] = await dueAgainLeads()
    expect(await dueAgainLeads()).toHaveLength(1)
    // "Same as last time": the last items at this year's price, and the day asked for waits for "Confirm day".
    await rowsOf(
      site,
      "INSERT INTO price_list (service_id, description, starting_cents) VALUES ('full-house', 'House wash', 45000)",
    )
    // A lead no reminder booked has no last time: the owner reads why, and no quote is sent.
    expect(await sendSameAsLastTime(site.db, randomUUID(), clock.at)).toEqual({
      status: 409,
      message: COME_BACK_TEXTS.noLastTime,
    })
    expect(await rowsOf(site, 'SELECT 1 FROM quotes')).toEqual([])
    expect(await sendSameAsLastTime(site.db, lead!, clock.at)).toMatchObject({
      link: expect.stringContaining('/quote/'),
    })
    const [quote] = await rowsOf<{ items: { description: string; cents: number }[] }>(site, 'SELECT items FROM quotes')
    expect(quote!.items.map(({ description, cents }) => [description, cents])).toEqual([['Full House Washing', 45000]])
    await acceptQuote(site, lead!)
    expect(await confirmDay(site.db, lead!, clock.at)).toBe('confirmed')
    const [scheduled] = await rowsOf<{ day: Date; start: string }>(site, 'SELECT day, arrival_start AS start FROM jobs')
    expect([new Date(scheduled!.day).toISOString().slice(0, 10), scheduled!.start]).toEqual([day, '13:00:00'])
  })
})

describe('the review request', () => {
  it('goes at 9:00 Pacific the morning after the invoice is paid, and its reminder 6 days later unless opened', async () => {
    const { site, smtp, clock } = await openSite()
    await paidLead(site, clock.at, 'Rita')
    const rows = await rowsOf<{ key: string; due: Date }>(
      site,
      "SELECT key, next_attempt_at AS due FROM outbox WHERE template = 'review_request' ORDER BY next_attempt_at",
    )
    expect(rows.map((row) => [row.key, new Date(row.due).toISOString()])).toEqual([
      ['review', pacificMorning(clock.at, 1).toISOString()],
      ['review-reminder', pacificMorning(clock.at, 7).toISOString()],
    ])
    // The paid job is a past job, due again by its service.
    expect((await dueAgainList(site.db, pacificAt(clock.at, 360, 600)))[0]).toMatchObject({ name: 'Rita' })
    await site.outbox.drain()
    smtp.received.splice(0)
    clock.at = pacificMorning(clock.at, 1)
    await sendDue(site)
    const request = smtp.received.find((m) => m.mail.subject?.startsWith('Thank you'))!.mail
    const link = /Write a review: (\S+)/.exec(request.text!)![1]!
    expect(request.text).toContain('Or tell us privately')
    expect(await openReviewLink(site.db, link.split('/r/')[1]!, clock.at)).toBe(true)
    clock.at = pacificAt(clock.at, 6, 9 * 60)
    await sendDue(site)
    expect(smtp.received.filter((m) => m.mail.subject?.startsWith('A minute for a review'))).toHaveLength(0)
    const [counted] = await rowsOf<{ clicks: number }>(site, 'SELECT clicks FROM review_requests')
    expect(counted!.clicks).toBe(1)
  })

  it('without a review link set, a paid job asks for nothing: both rows are settled once, never retried', async () => {
    const { site, smtp, clock } = await openSite({})
    await paidLead(site, clock.at, 'Omar')
    clock.at = pacificAt(clock.at, 8, 10 * 60)
    await sendDue(site)
    const rows = await rowsOf<{ attempts: number }>(
      site,
      "SELECT attempts FROM outbox WHERE template = 'review_request'",
    )
    expect(rows.map((row) => row.attempts)).toEqual([1, 1])
    expect(smtp.received.filter((m) => /Thank you|review/i.test(m.mail.subject ?? ''))).toEqual([])
  })

  it('is held by the owner and then never sent; /r/ of an unknown token is a clear 404, of a known one a redirect', async () => {
    const { site, smtp, clock } = await openSite()
    const id = await paidLead(site, clock.at, 'Hana')
    expect(await holdReviewRequest(site.db, id, true, clock.at)).toBe(true)
    clock.at = pacificAt(clock.at, 8, 10 * 60)
    await sendDue(site)
    expect(
      smtp.received.filter((m) => /review/i.test(m.mail.subject ?? '') || /Thank you/.test(m.mail.subject ?? '')),
    ).toEqual([])
    const unknown = await reviewLinkResponse(site.db, 'z'.repeat(32), REVIEW_URL, clock.at)
    expect([unknown.status, unknown.headers.get('location')]).toEqual([404, null])
    expect(await unknown.text()).toContain('This link is not available')
    const { token } = (await rowsOf<{ token: string }>(site, 'SELECT token FROM review_requests'))[0]!
    const known = await reviewLinkResponse(site.db, token, REVIEW_URL, clock.at)
    expect([known.status, known.headers.get('location')]).toEqual([302, REVIEW_URL])
  })
})

describe('deleting a past customer', () => {
  /** Each table's rows of this address: its customer, jobs, reminders, review requests and their unsent mails. */
  async function heldAbout(site: TestSite, email: string) {
    const [held] = await rowsOf<Record<string, number>>(
      site,
      `SELECT (SELECT count(*)::int FROM past_customers WHERE email = $1) AS customers,
              (SELECT count(*)::int FROM past_jobs j JOIN past_customers c ON c.id = j.customer_id
                WHERE c.email = $1) AS jobs,
              (SELECT count(*)::int FROM due_reminders r JOIN past_customers c ON c.id = r.customer_id
                WHERE c.email = $1) AS reminders,
              (SELECT count(*)::int FROM outbox o JOIN leads l ON l.id = o.lead_id
                WHERE l.email = $1 AND o.template = 'review_request' AND o.sent_at IS NULL) AS reviews,
              (SELECT count(*)::int FROM review_requests q JOIN leads l ON l.id = q.lead_id
                WHERE l.email = $1) AS "reviewRequests"`,
      [email],
    )
    return held!
  }

  /** The reminder of each unsent reminder mail in the outbox, whether or not that reminder is still stored. */
  const unsentReminders = async (site: TestSite) =>
    (
      await rowsOf<{ id: string }>(
        site,
        "SELECT payload->>'reminderId' AS id FROM outbox WHERE template = 'due_again_reminder' AND sent_at IS NULL",
      )
    ).map((row) => row.id)
  const remindersOf = async (site: TestSite, email: string) =>
    (
      await rowsOf<{ id: string }>(
        site,
        'SELECT r.id FROM due_reminders r JOIN past_customers c ON c.id = r.customer_id WHERE c.email = $1',
        [email],
      )
    ).map((row) => row.id)

  it('removes their jobs, reminder and unsent review request in one go; nothing goes to them, another is reminded', async () => {
    const { site, smtp, clock } = await openSite()
    const rita = 'rita@example.com'
    await paidLead(site, clock.at, 'Rita')
    // Her quote and receipt go; the review request waits for the next morning.
    await sendDue(site)
    smtp.received.splice(0)
    await importPastJobs(site.db, csv([folsomHouseWash(clock.at, 'lee@example.com')]), clock.at)
    const jobs = await dueAgainList(site.db, pacificAt(clock.at, 360, 600))
    for (const job of jobs) expect(await sendReminderNow(site.db, job.jobId, clock.at)).toBe('queued')
    const lee = await heldAbout(site, 'lee@example.com')
    expect(await heldAbout(site, rita)).toEqual({ customers: 1, jobs: 1, reminders: 1, reviews: 2, reviewRequests: 1 })
    const leeReminders = await remindersOf(site, 'lee@example.com')
    expect((await unsentReminders(site)).sort()).toEqual([...(await remindersOf(site, rita)), ...leeReminders].sort())

    const customer = jobs.find((job) => job.email === rita)!.customerId
    expect(await deleteCustomer(site.db, customer)).toBe(true)
    expect(await heldAbout(site, rita)).toEqual({ customers: 0, jobs: 0, reminders: 0, reviews: 0, reviewRequests: 0 })
    expect(await heldAbout(site, 'lee@example.com')).toEqual(lee)
    expect(lee).toMatchObject({ customers: 1, jobs: 1, reminders: 1 })
    expect(await unsentReminders(site)).toEqual(leeReminders)

    // Past the review request's morning and its reminder's: Lee's reminder is the one mail sent.
    clock.at = pacificAt(clock.at, 8, 10 * 60)
    await sendDue(site)
    expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([['lee@example.com']])
  })

  it('keeps a stopped customer’s stop with the e-mail address alone, so importing them again reminds no one', async () => {
    const { site, clock } = await openSite()
    const due = await danaDueAgain(site, clock)
    await sendReminderNow(site.db, due.jobId, clock.at)
    expect(await unsentReminders(site)).toHaveLength(1)
    // She stops the reminders while the owner is deleting her.
    const [{ token }] = (await rowsOf<{ token: string }>(site, 'SELECT stop_token AS token FROM past_customers')) as [
      { token: string },
    ]
    const oneClick = formPost(`http://127.0.0.1/come-back/stop/${token}`, { 'List-Unsubscribe': 'One-Click' })
    expect((await stopPagePost(site.db, oneClick, token, clock.at)).status).toBe(200)

    expect(await deleteCustomer(site.db, due.customerId)).toBe(true)
    expect(await heldAbout(site, 'dana@example.com')).toMatchObject({ customers: 1, jobs: 0, reminders: 0 })
    expect(await unsentReminders(site)).toEqual([])
    const kept = await rowsOf(
      site,
      'SELECT email, name, phone, street, zip, stopped_at IS NOT NULL AS stopped FROM past_customers',
    )
    expect(kept).toEqual([{ email: 'dana@example.com', ...ERASED_CUSTOMER, street: null, zip: null, stopped: true }])

    expect(await importPastJobs(site.db, csv([folsomHouseWash(clock.at)]), clock.at)).toMatchObject({ added: 1 })
    clock.at = beforeDue(due, 14, 12 * 60)
    expect(await dueAgainList(site.db, clock.at)).toEqual([])
    expect(await queueDueReminders(site.db, clock.at)).toBe(0)
  })
})

describe('finding a past customer', () => {
  /** Customers done two months ago (due in ten: not in the Due again list): name, e-mail, phone. */
  const doneTwoMonthsAgo = (now: Date, people: [string, string, string][]) =>
    csv(
      people.map(([name, email, phone]) => [
        name,
        email,
        phone,
        '8 Pine St',
        '95630',
        'House washing',
        addMonths(pacificDate(now), -2),
        '$400.00',
      ]),
    )

  it('finds by name, e-mail or phone digits a stopped customer and one not due for months, never the emptied', async () => {
    const { site, clock } = await openSite()
    await importPastJobs(
      site.db,
      doneTwoMonthsAgo(clock.at, [
        ['Gus Ortiz', 'gus@example.com', '(916) 555-0120'],
        ['Ana Ortiz', 'ana@example.com', '916-555-0121'],
        ['Bo 100% Clean', 'bo@example.com', '916-555-0122'],
      ]),
      clock.at,
    )
    await rowsOf(site, "UPDATE past_customers SET stopped_at = now() WHERE email = 'gus@example.com'")
    expect(await dueAgainList(site.db, clock.at)).toEqual([])
    const names = async (text: string) => (await findCustomers(site.db, text)).map((found) => found.name)

    expect(await names('ortiz')).toEqual(['Ana Ortiz', 'Gus Ortiz'])
    expect(await names('GUS@EXAMPLE')).toEqual(['Gus Ortiz'])
    expect(await names('916 555 0120')).toEqual(['Gus Ortiz'])
    // The search's % is a letter, not a wildcard; three digits are too few to stand for a phone.
    expect(await names('100%')).toEqual(['Bo 100% Clean'])
    expect(await names('0%0')).toEqual([])
    expect(await names('555')).toEqual([])
    const [gus] = await findCustomers(site.db, 'gus')
    expect(gus).toMatchObject({ stopped: true, jobs: 1, lastDone: addMonths(pacificDate(clock.at), -2) })

    // Deleted, his stop stays emptied: nothing of him is found.
    expect(await deleteCustomer(site.db, gus!.id)).toBe(true)
    expect(await names('ortiz')).toEqual(['Ana Ortiz'])
    expect(await names('gus@example.com')).toEqual([])
  })

  it(`lists at most ${FIND_CUSTOMER_MAX}, and reads the address's ?find= as words or a refusal`, async () => {
    const { site, clock } = await openSite()
    const many = Array.from({ length: FIND_CUSTOMER_MAX + 1 }, (_, i): [string, string, string] => [
      `Kim ${String(i).padStart(2, '0')}`,
      `kim${i}@example.com`,
      `916-555-${String(1000 + i)}`,
    ])
    await importPastJobs(site.db, doneTwoMonthsAgo(clock.at, many), clock.at)
    expect(await findCustomers(site.db, 'kim')).toHaveLength(FIND_CUSTOMER_MAX)
    expect(FIND_CUSTOMER_TEXTS.found(FIND_CUSTOMER_MAX, 'kim')).toMatch(/^The first 20 past customers/)

    expect(customerSearchOf({})).toBeNull()
    expect(customerSearchOf({ find: ' k ' })).toEqual({ find: 'k', refusal: FIND_CUSTOMER_TEXTS.tooShort })
    expect(customerSearchOf({ find: 9165551000 })).toEqual({ find: '9165551000', refusal: null })
    expect(customerSearchOf({ find: 'x'.repeat(101) })).toEqual({
      find: 'x'.repeat(100),
      refusal: FIND_CUSTOMER_TEXTS.tooLong,
    })
  })
})

describe('what comes back, in Sources', () => {
  it('counts reminders sent, days booked, accepted re-books with their value, review requests sent and opened', async () => {
    const { site, clock } = await openSite()
    await rowsOf(site, "INSERT INTO truck_days (city_slug, weekday) VALUES ('folsom', 2), ('folsom', 4)")
    const job = await danaDueAgain(site, clock)
    await sendReminderNow(site.db, job.jobId, clock.at)
    await site.outbox.drain()
    const { token } = (await rowsOf<{ token: string }>(site, 'SELECT token FROM due_reminders'))[0]!
    const day = (await reminderDays(site.db, '95630', clock.at)).days[0]!
    const booking = formPost(`http://127.0.0.1/come-back/${token}`, { action: 'book', day, window: 'morning' })
    await comeBackPagePost(site.db, booking, token, leadSettings(site))
    const lead = (await rowsOf<{ id: string }>(site, "SELECT id FROM leads WHERE source_channel = 'due_again'"))[0]!.id
    await sendSameAsLastTime(site.db, lead, clock.at)
    await acceptQuote(site, lead)
    const paid = await paidLead(site, clock.at, 'Rita')
    clock.at = pacificMorning(clock.at, 1)
    await site.outbox.drain()
    const { token: review } = (
      await rowsOf<{ token: string }>(site, 'SELECT token FROM review_requests WHERE lead_id = $1', [paid])
    )[0]!
    await openReviewLink(site.db, review, clock.at)
    expect((await leadSources(site.db, 30)).comeBack).toEqual({
      remindersSent: 1,
      daysBooked: 1,
      rebooksAccepted: 1,
      rebookCents: 42000,
      reviewRequestsSent: 1,
      reviewLinksOpened: 1,
    })
  })
})

describe('the reminder e-mail', () => {
  it('carries the small after-photo of a paid job whose photos the owner posted', async () => {
    const { site, smtp, clock } = await openSite()
    const id = await paidLead(site, clock.at, 'Paula')
    await site.db
      .insertInto('posted_work')
      .values({
        id: randomUUID(),
        category: 'House Washing',
        alt: 'A washed house',
        image_hash: '0123456789abcdef',
        width: 1600,
        height: 1200,
        widths: [320, 640],
        placeholder: '#aabbcc',
        lead_id: id,
      })
      .execute()
    const [job] = await dueAgainList(site.db, pacificAt(clock.at, 360, 600))
    await sendReminderNow(site.db, job!.jobId, clock.at)
    await site.outbox.drain()
    const reminder = smtp.received.find((m) => /due again/.test(m.mail.subject ?? ''))!.mail
    expect(reminder.html).toContain('/work-photos/0123456789abcdef-320.webp')
  })
})
