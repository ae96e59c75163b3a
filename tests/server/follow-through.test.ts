/**
 * Follow-through (docs/decisions/048-follow-through.md), with the real quote service, the database, the outbox
 * worker, a real SMTP server and a stand-in push service: the customer's acknowledgement and its limits, the
 * escalation, the quote reminders and the morning list.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { claims, site } from '../../app/content/site'
import { businessMinutesLater, pacificClock, pacificInstant } from '../../app/platform/time/business-hours.server'
import { updateLead } from '../../app/features/owner/inbox.server'
import { requestSignInLink } from '../../app/features/owner/sign-in.server'
import type { OutboxRow } from '../../app/platform/outbox/outbox.server'
import { ownerFollowUp } from '../../app/features/leads/leads.outbox.server'
import type { TestSite, TestSiteOptions } from '../support/test-site'
import { messages } from '../../app/content/messages'
import { acknowledgementAllowed } from '../../app/features/leads/acknowledgement.server'
import { createFormTokens } from '../../app/features/leads/tokens.server'
import {
  FORM_TOKEN_SECRET,
  freshDatabaseUrl,
  leadForm,
  postLead,
  migratedSiteData,
  outboxDrained,
  PUSH_ENV,
  rowsOf,
  storeTestLead,
  type TestSmtp,
  usePushPhones,
  useSmtp,
  useTempDirs,
  useTestSites,
} from './helpers'

const OWNER = 'owner@deltabreeze.example'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const formTokens = createFormTokens(FORM_TOKEN_SECRET)
const tempDir = useTempDirs()
// After-each steps run last registered first: the sites close before the servers they use.
const pushPhone = usePushPhones()
const smtp = useSmtp()
const openSite = useTestSites()

/** A new data folder and database, unless `dataDir` and `databaseUrl` name one to reopen (a restart). */
function siteWith(
  env: Record<string, string>,
  options: Pick<TestSiteOptions, 'clock' | 'databaseUrl' | 'startWorker'> & { dataDir?: string } = {},
): Promise<TestSite> {
  return openSite(
    { QUOTE_NOTIFY_EMAIL: OWNER, ...env },
    { startWorker: true, ...options, outbox: { backoffMs: () => 0 } },
  )
}

/** A form as a person sends it; every value is one the acknowledgement must never repeat. */
const form = (overrides: Record<string, unknown> = {}) =>
  leadForm({
    firstName: 'Zebulon',
    email: 'zebulon.visitor@example.com',
    phone: '(916) 555-0177',
    street: '77 Quirkyname Lane',
    zip: '95630',
    preferredTime: 'morning',
    sourcePage: '/city/folsom',
    ...overrides,
  })

/** The form posted to `site` from `ip`, as the site's quote service takes it. */
const postTo = (site: TestSite, sent: Record<string, unknown>, ip: string, userAgent = 'x') =>
  postLead(site, sent, { ip, userAgent })

/** A site e-mailing a real SMTP server; `send` posts the form from `ip`, `acks` waits for the outbox to empty. */
async function acknowledging(env: Record<string, string> = {}) {
  const mail = await smtp()
  const site = await siteWith({ SMTP_URL: mail.url, ...env })
  return {
    mail,
    site,
    send: (overrides: Record<string, unknown>, ip: string) => postTo(site, form(overrides), ip),
    /** The acknowledgements sent, once nothing is left to send. */
    acks: async () => (await outboxDrained(site), acknowledgements(mail)),
    toOwner: () => mail.received.filter((received) => received.rcptTo.includes(OWNER)),
  }
}

const acknowledgements = (mail: TestSmtp) =>
  mail.received.filter((received) => received.mail.subject === messages.acknowledgement.subject)

const queuedAcks = (site: TestSite) =>
  rowsOf<{ id: string }>(site, `SELECT id FROM outbox WHERE template = 'customer_acknowledgement'`)

describe('the customer hears back at once', { timeout: 120_000 }, () => {
  it('sends one fixed acknowledgement per stored lead, with nothing the visitor typed in it', async () => {
    const { site: business, acks, toOwner } = await acknowledging()
    const sent = form()
    const first = await postTo(business, sent, '203.0.113.10', 'test')
    expect(first.status).toBe(200)
    // The visitor's retry of the same form: one lead, still one e-mail.
    await postTo(business, sent, '203.0.113.10', 'test')

    const sentAcks = await acks()
    expect(sentAcks).toHaveLength(1)
    const { mail: ack, rcptTo } = sentAcks[0]!
    expect(rcptTo).toEqual(['zebulon.visitor@example.com'])
    expect(ack.headers.get('auto-submitted')).toBe('auto-replied')
    for (const body of [ack.text ?? '', String(ack.html)]) {
      expect(body).toContain(site.name)
      expect(body).toContain(site.phone)
      expect(body).toContain(claims.replyWithin)
      for (const typed of ['Zebulon', 'zebulon', 'Quirkyname', '555-0177', '5550177', '95630', 'morning', 'folsom']) {
        expect(body.toLowerCase()).not.toContain(typed.toLowerCase())
      }
    }
    // The owner's own e-mail still goes out beside it.
    expect(toOwner()).toHaveLength(1)
  })

  // A victim's address named from many clients, one client naming many addresses: this test and the two after it.
  // Every lead still reaches the owner (here, and in "at most 30 an hour"): only the customer's e-mail is limited.
  it('counts one inbox however it is spelled, from clients that share nothing', async () => {
    const { send, acks, toOwner } = await acknowledging()
    const spellings = [
      'alice.smith@gmail.com',
      'Alice.Smith@Gmail.com',
      'alicesmith@gmail.com',
      'a.l.i.c.e.smith@gmail.com',
      'alice.smith+quote@gmail.com',
      'ALICESMITH+1@GMAIL.COM',
      'alice.smith@googlemail.com',
      ' alicesmith@googlemail.com ',
      'alice.smith+x.y@gmail.com',
      'AliceSmith@GoogleMail.com',
    ]
    for (const [i, email] of [...spellings, 'Pat@Example.com', 'pat+deck@example.com', ' pat@EXAMPLE.COM '].entries())
      expect((await send({ email }, `192.0.2.${i + 20}`)).status).toBe(200)
    const recipients = (await acks()).map((ack) => ack.rcptTo[0]!.toLowerCase())
    expect(recipients.sort()).toEqual(['alice.smith@gmail.com', 'pat@example.com'])
    expect(toOwner()).toHaveLength(13)
  })

  it('counts every address of one IPv6 /64 as one client, and another /64 as another', async () => {
    const { send, acks } = await acknowledging()
    for (let i = 0; i < 5; i++) await send({ email: `neighbour${i}@example.com` }, `2001:db8:9:9:${i}::1`)
    await send({ email: 'far@example.com' }, '2001:db8:9:a::1')
    const recipients = (await acks()).map((ack) => ack.rcptTo[0])
    expect(recipients.sort()).toEqual(['far@example.com', 'neighbour0@example.com'])
  })

  it('counts an address for 24 hours and a client for one, moving the clock in the rows', async () => {
    const { site: business, send: post, acks } = await acknowledging()
    const age = (bucket: string, by: string) =>
      rowsOf(business, `UPDATE rate_limit_hits SET hit_at = hit_at - $2::interval WHERE bucket = $1`, [bucket, by])
    const send = async (email: string, ip: string) => (await post({ email }, ip), (await acks()).length)
    expect(await send('kim@example.com', '192.0.2.10')).toBe(1)
    // The same client, another address: 59 minutes later still held, 61 minutes later not.
    await age('ack-client', '59 minutes')
    expect(await send('lee@example.com', '192.0.2.10')).toBe(1)
    await age('ack-client', '2 minutes')
    expect(await send('lee@example.com', '192.0.2.10')).toBe(2)
    // The same address from other clients: 2 hours and 23 hours later still held, 25 hours later not.
    await age('ack-address', '2 hours')
    expect(await send('Kim@Example.com', '192.0.2.11')).toBe(2)
    await age('ack-address', '21 hours')
    expect(await send('kim@example.com', '192.0.2.12')).toBe(2)
    await age('ack-address', '2 hours')
    expect(await send('kim@example.com', '192.0.2.13')).toBe(3)
  })

  it('sends at most 30 an hour in all, whoever they go to and whichever clients ask', async () => {
    const { site: business, send, acks, toOwner } = await acknowledging()
    for (let i = 0; i < 31; i++)
      await send({ firstName: `Crowd${i}`, email: `crowd${i}@example.com` }, `198.51.100.${i + 1}`)
    expect(await acks()).toHaveLength(30)
    expect(toOwner()).toHaveLength(31)
    // An hour on, the cap has room again (59 minutes: not yet).
    const age = (by: string) =>
      rowsOf(business.db, `UPDATE rate_limit_hits SET hit_at = hit_at - $1::interval WHERE bucket = 'ack-all'`, [by])
    await age('59 minutes')
    await send({ email: 'late@example.com' }, '203.0.113.99')
    expect(await acks()).toHaveLength(30)
    await age('2 minutes')
    await send({ email: 'later@example.com' }, '203.0.113.98')
    expect(await acks()).toHaveLength(31)
  })

  // PGlite has one connection: a lock there never makes one lead wait for another.
  it.skipIf(!onPostgres)(
    'on PostgreSQL: stores a lead while another instance holds the acknowledgements’ lock',
    async () => {
      const databaseUrl = await freshDatabaseUrl()
      const worker = await siteWith({}, { databaseUrl, startWorker: false })
      const business = await siteWith({}, { databaseUrl, startWorker: false })
      let locked!: () => void
      let release!: () => void
      const lockHeld = new Promise<void>((resolve) => (locked = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      // What acknowledgementAllowed() holds while it decides, held here until the lead is stored.
      const holding = worker.db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended('ack-all:all', 0))`.execute(tx)
        locked()
        await released
      })
      await lockHeld
      const answer = await postTo(business, form(), '192.0.2.80')
      release()
      await holding
      expect(answer.status).toBe(200)
      expect(await queuedAcks(business)).toHaveLength(1)
    },
  )

  it('queues no acknowledgement for a lead already over its limits', async () => {
    const business = await siteWith({}, { startWorker: false })
    const db = business.db
    const queued = async (email: string, ip: string) => {
      await postTo(business, form({ email }), ip)
      return (await queuedAcks(business)).length
    }
    expect(await queued('first@example.com', '192.0.2.70')).toBe(1)
    const [first] = await queuedAcks(business)
    expect(await acknowledgementAllowed(db, first!.id)).toBe(true)
    expect(await queued('First@Example.com', '192.0.2.71')).toBe(1)
    expect(await queued('other@example.com', '192.0.2.70')).toBe(1)
    expect(await queued('new@example.com', '192.0.2.72')).toBe(2)
    await rowsOf(db, `INSERT INTO rate_limit_hits (bucket, key) SELECT 'ack-all', 'all' FROM generate_series(1, 29)`)
    expect(await queued('late@example.com', '192.0.2.73')).toBe(2)
  })

  it('decides each acknowledgement once, with many workers asking at once and again on a retry', async () => {
    const business = await siteWith({}, { startWorker: false })
    for (let i = 0; i < 8; i++) await postTo(business, form({ email: 'once@example.com' }), `192.0.2.${i + 60}`)
    const db = business.db
    const rows = await queuedAcks(business)
    const ask = () => Promise.all(rows.map(({ id }) => acknowledgementAllowed(db, id)))
    const answers = await ask()
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(await ask()).toEqual(answers)
  })

  it('sends none for suspected spam, and none when switched off', async () => {
    const { mail, send, acks, toOwner } = await acknowledging()
    const honeypot = await send({ company: 'Acme' }, '192.0.2.1')
    const tooFast = await send({ formToken: formTokens.issue(Date.now()), email: 'fast@example.com' }, '192.0.2.2')
    expect([honeypot.status, tooFast.status]).toEqual([200, 200])

    const off = await siteWith({ SMTP_URL: mail.url, CUSTOMER_ACKNOWLEDGEMENT: 'off' })
    await postTo(off, form({ email: 'quiet@example.com' }), '192.0.2.3')
    await outboxDrained(off)
    expect(await acks()).toHaveLength(0)
    expect(toOwner()).toHaveLength(1)
  })
})

const MINUTE = 60_000

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))

/** A Pacific wall-clock time `days` after today; ahead of the real clock, so rows stored "now" are due. */
function pacific(days: number, hhmm: string): Date {
  const today = pacificClock(new Date())
  return pacificInstant(today.year, today.month, today.day + days, minutesOf(hhmm))
}

/** A site whose outbox runs only when the test says, at the time the test sets, with one phone on alerts. */
async function alerted(start: Date) {
  const { push, subscribe } = await pushPhone()
  const clock = { now: start }
  const env = { OWNER_EMAIL: OWNER, CUSTOMER_ACKNOWLEDGEMENT: 'off', ...PUSH_ENV }
  const where = await migratedSiteData(await tempDir())
  const open = () => siteWith(env, { clock: () => clock.now, ...where, startWorker: false })
  const business = await open()
  await subscribe(business)
  /** Runs the outbox at `at` and answers the titles pushed so far. */
  async function runAt(at: Date, target = business) {
    clock.now = at
    await target.outbox.drain()
    return push.delivered.map((delivered) => delivered.payload.title)
  }
  return { business, push, runAt, open, clock }
}

const setStatus = (site: TestSite, id: string, status: 'contacted' | 'quoted' | 'won') =>
  updateLead(site.db, id, { status, note: '' })

describe('opening hours, in Pacific time', () => {
  it('counts minutes only while open: 07:00 to 19:00, every day, across daylight-saving changes', () => {
    const at = (y: number, m: number, d: number, hhmm: string) => pacificInstant(y, m, d, minutesOf(hhmm))
    expect(businessMinutesLater(at(2026, 6, 10, '10:00'), 15)).toEqual(at(2026, 6, 10, '10:15'))
    expect(businessMinutesLater(at(2026, 6, 10, '21:00'), 15)).toEqual(at(2026, 6, 11, '07:15'))
    expect(businessMinutesLater(at(2026, 6, 10, '03:00'), 15)).toEqual(at(2026, 6, 10, '07:15'))
    expect(businessMinutesLater(at(2026, 6, 10, '18:55'), 15)).toEqual(at(2026, 6, 11, '07:10'))
    expect(businessMinutesLater(at(2026, 6, 30, '21:00'), 15)).toEqual(at(2026, 7, 1, '07:15'))
    // Clocks go forward on 8 March 2026 and back on 1 November 2026.
    expect(businessMinutesLater(at(2026, 3, 7, '18:50'), 15)).toEqual(at(2026, 3, 8, '07:05'))
    expect(at(2026, 3, 8, '07:05').toISOString()).toBe('2026-03-08T14:05:00.000Z')
    expect(businessMinutesLater(at(2026, 10, 31, '20:00'), 15)).toEqual(at(2026, 11, 1, '07:15'))
    expect(at(2026, 11, 1, '07:15').toISOString()).toBe('2026-11-01T15:15:00.000Z')
  })
})

describe('a lead nobody has answered is pushed once more', { timeout: 120_000 }, () => {
  it('at 15 minutes, naming the town; none for a lead whose status changed at 14; nothing twice after a restart', async () => {
    const start = pacific(2, '10:00')
    const { business, runAt, open } = await alerted(start)
    const waiting = await storeTestLead(business, 'Maria', { zip: '95630', sourcePage: '/contact' })
    const answered = await storeTestLead(business, 'Jo', { sourcePage: '/city/roseville' })
    expect(await runAt(start)).toHaveLength(2) // the two new-lead pushes

    await setStatus(business, answered, 'contacted')
    expect(await runAt(new Date(start.getTime() + 14 * MINUTE))).toHaveLength(2)
    const after = await runAt(new Date(start.getTime() + 15 * MINUTE))
    expect(after.slice(2)).toEqual(['Still waiting: quote request in Folsom, 15 min'])
    expect(await runAt(new Date(start.getTime() + 60 * MINUTE))).toHaveLength(3)

    // A restart on the same data: the timers are rows, and the sent one stays sent.
    await business.close()
    const again = await open()
    expect(await runAt(new Date(start.getTime() + 2 * 60 * MINUTE), again)).toHaveLength(3)
    const rows = await rowsOf(again, `SELECT lead_id FROM outbox WHERE template = 'owner_follow_up'`)
    expect(rows).toEqual([{ lead_id: waiting }])
  })

  it('drops, marked done, a follow-up claimed just as the status changed', async () => {
    const start = pacific(2, '10:00')
    const { business } = await alerted(start)
    const lead = await storeTestLead(business, 'Jo')
    const delivery = { db: business.db, now: start, config: business.config }
    const row = (key: string): OutboxRow => ({
      id: '',
      template: ownerFollowUp.name,
      key,
      leadId: lead,
      attempts: 1,
      createdAt: start,
    })
    // Built as the worker builds a claimed row: a string is the reason nothing goes (the row is then done).
    await setStatus(business, lead, 'contacted')
    const escalation = await ownerFollowUp.build({ while: 'new', minutes: 15 }, row('escalation'), delivery)
    expect(escalation).toBe('the lead is no longer new')
    // The same for a quote reminder of a lead just marked won.
    await setStatus(business, lead, 'won')
    const reminder = await ownerFollowUp.build({ while: 'quoted', days: 7 }, row('quoted-7d'), delivery)
    expect(reminder).toBe('the lead is no longer quoted')
  })

  it('counts from opening time: a lead at 21:00 is pushed again at 07:15, not during the night', async () => {
    const start = pacific(2, '21:00')
    const { business, runAt } = await alerted(start)
    await storeTestLead(business, 'Late', { sourcePage: '/services?tab=roof' })
    expect(await runAt(start)).toHaveLength(1)
    expect(await runAt(pacific(3, '03:00'))).toHaveLength(1)
    expect(await runAt(pacific(3, '07:14'))).toHaveLength(1)
    expect((await runAt(pacific(3, '07:15'))).slice(1)).toEqual(['Still waiting: quote request, 15 min'])
  })
})

describe('a quoted lead reminds the owner to follow up', { timeout: 120_000 }, () => {
  it('at 2 and 7 days, for "quoted" only; marking it won or lost stops the rest', async () => {
    const start = new Date()
    const { business, runAt } = await alerted(start)
    const maria = await storeTestLead(business, 'Maria')
    const wes = await storeTestLead(business, 'Wes')
    const ann = await storeTestLead(business, 'Ann')
    // A second on: the database stamps the rows to the microsecond, this clock counts milliseconds.
    expect(await runAt(new Date(Date.now() + 1000))).toHaveLength(3) // the new-lead pushes
    // The trigger times the reminders by the database's clock, at the status change.
    const quotedAt = Date.now()
    await setStatus(business, maria, 'quoted')
    await setStatus(business, wes, 'quoted')
    await setStatus(business, ann, 'contacted')
    const day = 24 * 60 * MINUTE

    expect(await runAt(new Date(quotedAt + 2 * day - MINUTE))).toHaveLength(3)
    expect((await runAt(new Date(quotedAt + 2 * day + MINUTE))).slice(3).sort()).toEqual([
      'Follow up with Maria: quoted 2 days ago',
      'Follow up with Wes: quoted 2 days ago',
    ])
    await setStatus(business, wes, 'won')
    const waiting = await rowsOf(business, `SELECT template FROM outbox WHERE lead_id = $1 AND sent_at IS NULL`, [wes])
    expect(waiting).toEqual([])
    expect(await runAt(new Date(quotedAt + 7 * day - MINUTE))).toHaveLength(5)
    expect((await runAt(new Date(quotedAt + 7 * day + MINUTE))).slice(5)).toEqual([
      'Follow up with Maria: quoted 7 days ago',
    ])
    expect(await runAt(new Date(quotedAt + 30 * day))).toHaveLength(6)
  })
})

describe('the morning list', { timeout: 120_000 }, () => {
  /** A site whose outbox runs when the test says, at the test's time, e-mailing a real SMTP server. */
  async function morning(start: Date) {
    const mail = await smtp()
    const clock = { now: start }
    const where = await migratedSiteData(await tempDir())
    const env = { SMTP_URL: mail.url, OWNER_EMAIL: OWNER, CUSTOMER_ACKNOWLEDGEMENT: 'off' }
    const open = () => siteWith(env, { clock: () => clock.now, ...where, startWorker: false })
    let business = await open()
    const lists = () => mail.received.filter((received) => /waiting for a call/.test(received.mail.subject ?? ''))
    return {
      get site() {
        return business
      },
      lists,
      async runAt(at: Date) {
        clock.now = at
        await business.outbox.drain()
        return lists().length
      },
      async restart() {
        await business.close()
        business = await open()
      },
      /** A lead with its status and its times relative to the test's clock (hours before it). */
      async lead(name: string, phone: string, status: string, arrivedHoursAgo: number, changedHoursAgo?: number) {
        const id = await storeTestLead(business, name, { phone })
        await rowsOf(business, `UPDATE leads SET status = $2 WHERE id = $1`, [id, status])
        const hoursAgo = (hours: number | undefined) =>
          hours === undefined ? null : new Date(clock.now.getTime() - hours * 60 * MINUTE)
        await rowsOf(business, `UPDATE leads SET created_at = $2, last_contact_at = $3 WHERE id = $1`, [
          id,
          hoursAgo(arrivedHoursAgo),
          hoursAgo(changedHoursAgo),
        ])
        return id
      },
    }
  }

  it('at opening time, e-mails the owner exactly the leads new or contacted with no change for over a day', async () => {
    const m = await morning(pacific(2, '06:00'))
    await m.lead('Ana', '(916) 555-0101', 'new', 30)
    await m.lead('Ben', '916-555-0102', 'contacted', 72, 48)
    await m.lead('Cy', '916-555-0103', 'quoted', 72, 48)
    await m.lead('Dee', '916-555-0104', 'new', 2)
    await m.lead('Eve', '916-555-0105', 'contacted', 120, 3)
    await m.lead('Fay', '916-555-0106', 'won', 200, 100)

    expect(await m.runAt(pacific(2, '06:59'))).toBe(0)
    expect(await m.runAt(pacific(2, '07:00'))).toBe(1)
    const { mail: list, rcptTo } = m.lists()[0]!
    expect(rcptTo).toEqual([OWNER])
    expect(list.subject).toBe('2 leads are waiting for a call')
    const text = list.text ?? ''
    expect(text).toContain('Ana, new since')
    expect(text).toContain('Ben, contacted since')
    for (const other of ['Cy', 'Dee', 'Eve', 'Fay']) expect(text).not.toContain(`${other},`)
    expect(String(list.html)).toContain('href="tel:+19165550101"')
    expect(String(list.html)).toContain('href="sms:+19165550102"')

    // Once a day: not at the next run, nor after a restart, whatever has gone stale since.
    expect(await m.runAt(pacific(2, '09:00'))).toBe(1)
    await m.restart()
    expect(await m.runAt(pacific(2, '10:00'))).toBe(1)
    expect(await m.runAt(pacific(3, '07:00'))).toBe(2)
  })

  it('sends none when nothing waits, and none later that day when something does', async () => {
    const m = await morning(pacific(2, '06:00'))
    const dee = await m.lead('Dee', '916-555-0104', 'new', 2)
    expect(await m.runAt(pacific(2, '07:05'))).toBe(0)
    await rowsOf(m.site, `UPDATE leads SET created_at = created_at - interval '3 days' WHERE id = $1`, [dee])
    expect(await m.runAt(pacific(2, '12:00'))).toBe(0)
    expect(await m.runAt(pacific(3, '07:00'))).toBe(1)
  })
})

describe("the outbox's clock", { timeout: 120_000 }, () => {
  it('sends what goes at once by the site clock, though it runs a day behind the database', async () => {
    // The worker claims by the site's clock: a row due at once dated by the database's would wait for it.
    const mail = await smtp()
    const behind = new Date(Date.now() - 24 * 60 * MINUTE)
    const env = { SMTP_URL: mail.url, OWNER_EMAIL: OWNER, CUSTOMER_ACKNOWLEDGEMENT: 'off' }
    const business = await siteWith(env, { clock: () => behind, startWorker: false })
    await storeTestLead(business, 'Maria') // its rows queued by the lead's own statement
    const signIn = { siteUrl: site.baseUrl, ownerAddress: OWNER }
    await requestSignInLink(business.db, signIn, business.now()) // by enqueue()
    await business.outbox.drain()
    expect(mail.received.map((received) => received.mail.subject).sort()).toEqual([
      'New quote request from Maria',
      messages.signIn('').subject,
    ])
  })
})
