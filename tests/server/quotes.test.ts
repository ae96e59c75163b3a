/**
 * The quote the customer accepts (docs/decisions/053-quotes-and-jobs.md) on the run's database, with the site's
 * own handlers, its outbox worker and a real SMTP server: a version sent and e-mailed, accepted once with the total
 * summed from the stored version, the lead won with that value, and every bad input refused with nothing stored.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { site as business } from '../../app/content/site'
import { pacificClock, pacificDate, pacificInstant } from '../../app/platform/time/business-hours.server'
import { listInbox } from '../../app/features/owner/inbox.server'
import { quotePageGet, quotePagePost } from '../../app/features/quotes/quote-page.server'
import { withdrawQuote } from '../../app/features/quotes/quotes.server'
import type { TestSite } from '../support/test-site'
import { QUOTE_FIELD_TEXTS, QUOTE_PAGE_TEXTS, QUOTE_REFUSALS } from '../../app/features/quotes/quote-texts'
import { formPost, outboxDrained, pageView, PUSH_ENV, rowsOf as rows, useMailingSites, usePushPhones } from './helpers'
import { ITEMS, quotedLead, sendVersion } from './quote-helpers'

const pushPhone = usePushPhones()
const mailingSite = useMailingSites()
const CLIENT = '198.51.100.20'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

const openSite = (env: Record<string, string> = {}) => mailingSite(env, { startWorker: true })

/** openSite(`env`) with Maria's lead quoted (`quotedLead`): the site, its SMTP server, the lead's id, token and link. */
async function quotedSite(env?: Record<string, string>) {
  const opened = await openSite(env)
  return { ...opened, ...(await quotedLead(opened.site)) }
}

/** Who opens the page, as the route hands it on: from `ip`, on the site's clock and settings. */
const visit = (site: TestSite, ip = CLIENT) => ({
  ip,
  now: site.now(),
  limits: site.config.quote,
  push: Boolean(site.config.owner.vapid),
})

/** The page as a browser gets it: the read, or the answer that replaces it. */
const open = (site: TestSite, token: string, ip = CLIENT) =>
  pageView(() => quotePageGet(site.db, token, visit(site, ip)), `${business.baseUrl}/quote/${token}`)

/** The page's plain form posted, from the page itself unless `headers` say otherwise. */
async function post(
  site: TestSite,
  token: string,
  fields: [string, string][],
  { ip = CLIENT, headers = {} as Record<string, string> } = {},
) {
  const { response, view: refused } = await pageView(
    (request) => quotePagePost(site.db, request, token, visit(site, ip)),
    formPost(`${business.baseUrl}/quote/${token}`, fields, { 'User-Agent': 'QuoteTest/1.0', ...headers }),
    (outcome) => outcome.refusal.status,
  )
  return { status: response.status, location: response.headers.get('location'), refused }
}

/** The fields of "Accept quote" as the page renders them for the newest version. */
async function acceptFields(site: TestSite, token: string, name = 'Maria Lopez', options: string[] = ['i3']) {
  const { view } = await open(site, token)
  if (!view || view instanceof Response) throw new Error('no quote page')
  return [
    ['version', String(view.version)],
    ['hash', view.hash],
    ...options.map((id): [string, string] => ['option', id]),
    ['name', name],
    ['agree', 'on'],
    ['intent', 'accept'],
  ] as [string, string][]
}

describe('a quote sent and accepted', { timeout: 120_000 }, () => {
  it('e-mails the link, and a second version replaces the first without a second pair of reminders', async () => {
    const { site, smtp, id, token, link } = await quotedSite()
    expect(await rows(site, 'SELECT status FROM leads WHERE id = $1', [id])).toEqual([{ status: 'quoted' }])
    await outboxDrained(site)
    const first = smtp.received.find((mail) => mail.mail.subject === `Your quote from ${business.name}`)!
    expect(first.rcptTo).toEqual(['maria@example.com'])
    expect(first.mail.text).toContain(link)
    expect(first.mail.text).toContain('$370.50, every required charge included, and one option you may add.')

    const again = await sendVersion(site, { lead: id, items: ITEMS.slice(0, 2), note: '', validDays: 10 })
    expect(again).toEqual({ link, version: 2 })
    await outboxDrained(site)
    const second = smtp.received.find((mail) => mail.mail.subject === `Your updated quote from ${business.name}`)!
    expect(second.mail.text).toContain('$370.50, every required charge included.')
    const reminders = await rows(
      site,
      `SELECT key FROM outbox WHERE lead_id = $1 AND template = 'owner_follow_up' ORDER BY key`,
      [id],
    )
    expect(reminders).toEqual([{ key: 'quoted-2d' }, { key: 'quoted-7d' }])
    const { view } = await open(site, token)
    expect(view).toMatchObject({
      version: 2,
      items: [
        { id: 'i1', cents: 25000 },
        { id: 'i2', cents: 12050 },
      ],
    })
  })

  it('records one acceptance with the total of the stored version, wins the lead and e-mails the quote in full', async () => {
    const { site, smtp, id, token } = await quotedSite()
    const fields = await acceptFields(site, token)
    // A price or total sent along is no field of the form: the server sums the stored version.
    const forged: [string, string][] = [...fields, ['total', '1'], ['price', '0'], ['cents', '1']]
    expect(await post(site, token, forged)).toMatchObject({ status: 303, location: `/quote/${token}?done=accepted` })
    expect(await post(site, token, fields)).toMatchObject({ status: 303, location: `/quote/${token}?done=accepted` })

    const accepted = await rows(
      site,
      `SELECT version, accepted_name, accepted_items, accepted_total_cents, accepted_user_agent,
              accepted_ip_hash ~ '^[0-9a-f]{64}$' AS hashed FROM quotes`,
    )
    const acceptedItems = [
      { id: 'i1', description: 'Driveway cleaning', cents: 25000, optional: false },
      { id: 'i2', description: 'Walkway and steps', cents: 12050, optional: false },
      { id: 'i3', description: 'Seal the driveway', cents: 40000, optional: true },
    ]
    expect(accepted.map(Object.values)).toEqual([[1, 'Maria Lopez', acceptedItems, 77050, 'QuoteTest/1.0', true]])
    expect(await rows(site, 'SELECT status, job_value_cents, won_at IS NOT NULL AS won FROM leads')).toEqual([
      { status: 'won', job_value_cents: 77050, won: true },
    ])
    // The quote reminders stop; the customer's confirmation goes once.
    expect(await rows(site, `SELECT key FROM outbox WHERE template = 'owner_follow_up'`)).toEqual([])
    await outboxDrained(site)
    const confirmations = smtp.received.filter((mail) => mail.mail.subject === `Quote accepted: ${business.name}`)
    expect(confirmations).toHaveLength(1)
    const text = confirmations[0]!.mail.text!
    for (const line of [
      'Driveway cleaning: $250.00',
      'Walkway and steps: $120.50',
      'Options you added:\n  Seal the driveway: $400.00',
      'Total: $770.50',
      '“Maria Lopez”',
      'Thanks!',
    ])
      expect(text).toContain(line)

    // The link keeps showing the acceptance; no new version can be sent.
    expect((await open(site, token)).view).toMatchObject({ acceptance: { name: 'Maria Lopez', totalCents: 77050 } })
    expect(await sendVersion(site, { lead: id })).toBe(QUOTE_REFUSALS.accepted)
  })

  it('takes a change request with its message, for the owner', async () => {
    const { site, token } = await quotedSite()
    const asked = await post(site, token, [
      ['message', 'Could you add the side yard?\u0007'],
      ['intent', 'changes'],
    ])
    expect(asked).toMatchObject({ status: 303, location: `/quote/${token}?done=changes` })
    const [lead] = await listInbox(site.db)
    expect(lead!.quote!.change).toMatchObject({ message: 'Could you add the side yard?' })
    const empty = await post(site, token, [
      ['message', '  '],
      ['intent', 'changes'],
    ])
    expect(empty.refused?.refusal.errors).toEqual({ message: QUOTE_FIELD_TEXTS.messageRequired })
  })

  it("pushes the owner's phone the change asked for, then the acceptance with its total and town", async () => {
    const { push, subscribe } = await pushPhone()
    const { site, token } = await quotedSite(PUSH_ENV)
    await subscribe(site)
    const titles = () => push.delivered.map((delivered) => delivered.payload.title)
    await post(site, token, [
      ['message', 'Could you add the side yard?'],
      ['intent', 'changes'],
    ])
    await expect.poll(titles, { timeout: 30_000 }).toContain('Maria asks for changes')
    await post(site, token, await acceptFields(site, token))
    await expect.poll(titles, { timeout: 30_000 }).toContain('Quote accepted: $770.50, Maria, Folsom')
    await outboxDrained(site)
    const about = (title: string) => push.delivered.filter((delivered) => delivered.payload.title === title)
    expect(about('Maria asks for changes').map((delivered) => delivered.payload)).toEqual([
      { title: 'Maria asks for changes', body: 'Could you add the side yard?', url: '/owner' },
    ])
    expect(about('Quote accepted: $770.50, Maria, Folsom').map((delivered) => delivered.payload)).toEqual([
      { title: 'Quote accepted: $770.50, Maria, Folsom', body: 'Open the inbox to schedule the job.', url: '/owner' },
    ])
    expect(push.refused).toEqual([])
  })
})

describe('a quote link', { timeout: 120_000 }, () => {
  it('answers unknown, expired and withdrawn tokens alike: the same status, body and headers', async () => {
    const { site } = await openSite()
    const expired = await quotedLead(site, ITEMS, 'Ed')
    const yesterday = `(now() AT TIME ZONE 'America/Los_Angeles')::date - 1`
    await rows(site, `UPDATE quotes SET valid_until = ${yesterday} WHERE token = $1`, [expired.token])
    const withdrawn = await quotedLead(site, ITEMS, 'Wanda')
    expect(await withdrawQuote(site.db, withdrawn.id)).toBe(true)
    const answers = await Promise.all(
      ['A'.repeat(32), expired.token, withdrawn.token].map(async (token) => {
        const { response } = await open(site, token)
        return { status: response.status, body: await response.text(), headers: [...response.headers] }
      }),
    )
    expect(answers[0]!.status).toBe(404)
    expect(answers[0]!.body).toContain(business.phone)
    expect(answers[0]!.headers).toEqual(expect.arrayContaining([['cache-control', 'no-store']]))
    expect(answers.slice(1)).toEqual([answers[0], answers[0]])
    // Posting to them is the same answer, and nothing is stored.
    const posted = await post(site, expired.token, [
      ['name', 'Ed Smith'],
      ['agree', 'on'],
    ])
    expect(posted.status).toBe(404)
    expect(await rows(site, 'SELECT count(accepted_at)::int AS n FROM quotes')).toEqual([{ n: 0 }])
  })

  it('stays open its days from the date it was sent, though the site clock is set back', async () => {
    // The database dates the quote and judges it expired, so its last day is counted by the database's clock too.
    const back = new Date(Date.now() - 40 * 86_400_000)
    const { site } = await mailingSite({}, { startWorker: true, clock: () => back })
    const { token } = await quotedLead(site) // valid 30 days
    const [quote] = await rows<{ sent: Date }>(site, 'SELECT sent_at AS sent FROM quotes')
    const sent = pacificClock(quote!.sent)
    const { view } = await open(site, token)
    expect(view?.validUntil).toBe(pacificDate(pacificInstant(sent.year, sent.month, sent.day + 30, 12 * 60)))
    const accepted = await post(site, token, await acceptFields(site, token))
    expect(accepted).toMatchObject({ status: 303, location: `/quote/${token}?done=accepted` })
  })

  it('refuses a forged option id and a stale version, storing nothing', async () => {
    const { site, id, token } = await quotedSite()
    const forged = await post(site, token, await acceptFields(site, token, 'Maria Lopez', ['i1', 'i9']))
    expect(forged.status).toBe(400)
    expect(forged.refused?.refusal.message).toBe(QUOTE_PAGE_TEXTS.unknownItem)
    const seen = await acceptFields(site, token)
    await sendVersion(site, { lead: id })
    const stale = await post(site, token, seen)
    expect(stale.status).toBe(409)
    expect(stale.refused?.refusal).toMatchObject({ message: QUOTE_PAGE_TEXTS.stale, values: { name: 'Maria Lopez' } })
    expect(await rows(site, 'SELECT count(accepted_at)::int AS n FROM quotes')).toEqual([{ n: 0 }])
    expect(await rows(site, 'SELECT status FROM leads')).toEqual([{ status: 'quoted' }])
  })

  it('refuses a name of 1 or 101 characters, and no agreement, with their messages', async () => {
    const { site, token } = await quotedSite()
    const fields = await acceptFields(site, token)
    const withName = (name: string) =>
      fields.map(([key, value]): [string, string] => [key, key === 'name' ? name : value])
    const short = await post(site, token, withName('M'))
    expect(short.refused?.refusal.errors).toEqual({ name: QUOTE_FIELD_TEXTS.nameShort })
    const long = await post(site, token, withName('M'.repeat(101)))
    expect(long.refused?.refusal.errors).toEqual({ name: QUOTE_FIELD_TEXTS.nameLong })
    const unagreedFields = fields.filter(([key]) => key !== 'agree')
    const unagreed = await post(site, token, unagreedFields)
    expect(unagreed).toMatchObject({
      status: 400,
      refused: { refusal: { errors: { agree: QUOTE_FIELD_TEXTS.agreeRequired } } },
    })
    // What was typed comes back with the page.
    expect(unagreed.refused?.refusal.values).toMatchObject({ name: 'Maria Lopez', chosen: ['i3'], agree: false })
    expect(await rows(site, 'SELECT count(accepted_at)::int AS n FROM quotes')).toEqual([{ n: 0 }])
  })

  it('refuses a post from another site with 403, and one without an origin', async () => {
    const { site, token } = await quotedSite()
    const fields = await acceptFields(site, token)
    expect((await post(site, token, fields, { headers: { Origin: 'https://evil.example' } })).status).toBe(403)
    expect((await post(site, token, fields, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403)
    expect(await rows(site, 'SELECT count(accepted_at)::int AS n FROM quotes')).toEqual([{ n: 0 }])
  })

  it('limits posts per client and per token, as the quote form is limited', async () => {
    const { site, token } = await quotedSite({ QUOTE_RATE_LIMIT: '2', QUOTE_RATE_WINDOW_MS: '600000' })
    const bad: [string, string][] = [['intent', 'accept']]
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await post(site, token, bad)).status)
    expect(statuses).toEqual([400, 400, 429])
    const limited = await post(site, token, bad)
    expect(limited.refused?.refusal).toMatchObject({ status: 429, message: QUOTE_PAGE_TEXTS.rateLimited })
    expect(limited.refused?.refusal.retryAfterSeconds).toBeGreaterThan(0)

    // Other clients: each may try twice, but the token takes no more than its own two.
    const other = await quotedLead(site, ITEMS, 'Olga')
    const byClient = []
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      byClient.push((await post(site, other.token, bad, { ip })).status)
    expect(byClient).toEqual([400, 400, 429])
  })
})

/**
 * `first` and `second` at once: on PostgreSQL another transaction holds the lead's and the quote's rows until
 * each call is seen waiting for them, in that order, then lets both go. PGlite has one connection: one, then the other.
 */
async function atOnce<A, B>(site: TestSite, lead: string, first: () => Promise<A>, second: () => Promise<B>) {
  if (!onPostgres) return [await first(), await second()] as const
  const { db } = site
  const waits = sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
                                    WHERE datname = current_database() AND wait_event_type = 'Lock'`
  async function waiting(count: number) {
    for (let tries = 0; tries < 1000; tries++) {
      if ((await waits.execute(db)).rows[0]!.n >= count) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`never saw ${count} waiting`)
  }
  let release!: () => void
  let held!: () => void
  const locked = new Promise<void>((resolve) => (held = resolve))
  const holder = db.transaction().execute(async (tx) => {
    await sql`SELECT 1 FROM leads WHERE id = ${lead} FOR UPDATE`.execute(tx)
    await sql`SELECT 1 FROM quotes WHERE lead_id = ${lead} FOR UPDATE`.execute(tx)
    held()
    await new Promise<void>((resolve) => (release = resolve))
  })
  await locked
  const one = first()
  await waiting(1)
  const two = second()
  await waiting(2)
  release()
  await holder
  return Promise.all([one, two])
}

describe('the customer and the owner at once', { timeout: 120_000 }, () => {
  /**
   * `name`'s quote accepted on its page and the owner's `call` on it at once, the customer first unless `ownerFirst`:
   * the post's answer, the call's, and the lead's card after both.
   */
  async function race<T>(site: TestSite, name: string, call: (lead: string) => Promise<T>, ownerFirst = false) {
    const { id, token, link } = await quotedLead(site, ITEMS, name)
    const fields = await acceptFields(site, token)
    const accept = () => post(site, token, fields)
    const [posted, answer] = ownerFirst
      ? await atOnce(site, id, () => call(id), accept).then(([called, accepted]) => [accepted, called] as const)
      : await atOnce(site, id, accept, () => call(id))
    return { token, link, posted, answer, card: (await listInbox(site.db)).find((lead) => lead.id === id) }
  }

  it("limits a client's reads of the page at twelve times its posts, then answers with the plain page", async () => {
    const { site, token } = await quotedSite({ QUOTE_RATE_LIMIT: '1', QUOTE_RATE_WINDOW_MS: '600000' })
    const statuses = []
    for (let i = 0; i < 13; i++) statuses.push((await open(site, token)).response.status)
    expect(statuses).toEqual([...Array<number>(12).fill(200), 429])
    const { response } = await open(site, token)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const page = await response.text()
    expect(page).toContain(`<p>${QUOTE_PAGE_TEXTS.rateLimited}</p>`)
    expect(page).toContain(`<a href="${business.phoneHref}">${business.phone}</a>`)
  })

  it('accepts or withdraws, never both, and tells each side what happened', async () => {
    const { site } = await openSite()
    const withdraw = (lead: string) => withdrawQuote(site.db, lead)
    const ada = await race(site, 'Ada', withdraw)
    expect(ada.posted).toMatchObject({ status: 303, location: `/quote/${ada.token}?done=accepted` })
    expect(ada.answer).toBe(false)
    expect(ada.card).toMatchObject({ status: 'won', quote: { withdrawn: false, acceptance: { name: 'Maria Lopez' } } })
    const bo = await race(site, 'Bo', withdraw, true)
    expect([bo.answer, bo.posted.status]).toEqual([true, 404])
    expect(bo.card).toMatchObject({ status: 'quoted', quote: { withdrawn: true, acceptance: null } })
  })

  it('sends a new version or accepts the shown one without a deadlock, and tells each side which', async () => {
    const { site } = await openSite()
    const newVersion = (lead: string) => sendVersion(site, { lead, items: ITEMS.slice(0, 2) })
    const cy = await race(site, 'Cy', newVersion)
    expect(cy.posted).toMatchObject({ status: 303, location: `/quote/${cy.token}?done=accepted` })
    expect(cy.answer).toBe(QUOTE_REFUSALS.accepted)
    expect(cy.card).toMatchObject({ status: 'won', quote: { version: 1 } })
    const di = await race(site, 'Di', newVersion, true)
    expect(di.answer).toEqual({ link: di.link, version: 2 })
    expect([di.posted.status, di.posted.refused?.refusal.message]).toEqual([409, QUOTE_PAGE_TEXTS.stale])
    expect(di.card).toMatchObject({ status: 'quoted', quote: { version: 2, acceptance: null } })
  })
})
