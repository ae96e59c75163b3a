/**
 * The owner's inbox on Supabase: row level security for the inbox owner on PostgreSQL 15 (claims set as
 * PostgREST sets them), and the sign-in through Supabase Auth's e-mail link against a LOCAL STAND-IN for
 * hosted Supabase Auth (GoTrue cannot run here).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_TEXTS, SOURCES_TEXTS } from '../../app/lib/owner-lead'
import { startSiteProcess, type SiteProcess } from '../support/site-process'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { applyMigrations, psql, psqlOk, queryJson, startPostgres, type PgCluster } from '../support/supabase-postgres'
import { callFunction, seedOwnerWithLead, startAuthStandIn, type AuthStandIn } from './support'

const OWNER_ID = randomUUID()
const OTHER_ID = randomUUID()

function claims(sub: string): string {
  return `SET request.jwt.claims TO '${JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' })}';\n`
}

describe('row level security for the inbox owner (PostgreSQL 15, claims as PostgREST sets them)', () => {
  let pg: PgCluster
  let leadId: string
  beforeAll(async () => {
    pg = await startPostgres()
    applyMigrations(pg, { seed: false })
    psqlOk(
      pg,
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_page,
                                         service_street, service_zip, preferred_time, outside_area)
       VALUES ('Dana', 'dana@example.com', '916-555-0150', 'new', 'owner-rls-dana-1', '/services/driveway-cleaning',
               '12 Oak St', '95630', 'flexible', false),
              ('Bot', 'bot@example.com', '916-555-0151', 'suspected_spam', 'owner-rls-bot-1', '/',
               NULL, NULL, NULL, NULL);
       INSERT INTO public.inbox_owners (user_id) VALUES ('${OWNER_ID}');`,
      { user: 'supabase_admin' },
    )
    leadId = queryJson<{ id: string }>(pg, `SELECT id FROM public.quote_requests WHERE first_name = 'Dana'`)[0]!.id
  })
  afterAll(() => pg?.stop())

  const asUser = (sub: string, sql: string) => psql(pg, claims(sub) + sql, { role: 'authenticated' })

  it('the owner reads the inbox (spam left out) and changes a status and a note', () => {
    const list = asUser(OWNER_ID, `SELECT jsonb_agg(to_jsonb(f)) FROM public.owner_inbox_leads_v3() f;`)
    expect(list.ok, list.stderr).toBe(true)
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({
        first_name: 'Dana',
        email: 'dana@example.com',
        status: 'new',
        owner_note: null,
        service_street: '12 Oak St',
        service_zip: '95630',
        preferred_time: 'flexible',
        outside_area: false,
      }),
    ])
    const update = asUser(
      OWNER_ID,
      `SELECT to_jsonb(f) FROM public.owner_update_lead_v3('${leadId}', 'quoted', 'Call after 5') f;`,
    )
    expect(update.ok, update.stderr).toBe(true)
    expect(JSON.parse(update.stdout)).toMatchObject({
      id: leadId,
      status: 'quoted',
      owner_note: 'Call after 5',
      service_street: '12 Oak St',
    })
    expect(queryJson(pg, `SELECT status, owner_note FROM public.quote_requests WHERE id = '${leadId}'`)).toEqual([
      { status: 'quoted', owner_note: 'Call after 5' },
    ])
  })

  it('the owner can change only the status and the note, and only to a status the inbox sets', () => {
    expect(asUser(OWNER_ID, `UPDATE public.quote_requests SET email = 'x@example.com';`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `DELETE FROM public.quote_requests;`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `SELECT * FROM public.inbox_owners;`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `SELECT * FROM public.quote_outbox;`).stderr).toMatch(/42501/)
    const archived = asUser(OWNER_ID, `SELECT count(*) FROM public.owner_update_lead_v3('${leadId}', 'archived', '');`)
    expect(archived.stdout).toBe('0')
  })

  it('another signed-in user sees no lead and changes nothing', () => {
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.owner_inbox_leads_v3();`).stdout).toBe('0')
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.quote_requests;`).stdout).toBe('0')
    expect(
      asUser(OTHER_ID, `SELECT count(*) FROM public.owner_update_lead_v3('${leadId}', 'lost', 'mine now');`).stdout,
    ).toBe('0')
    expect(asUser(OTHER_ID, `UPDATE public.quote_requests SET status = 'lost' RETURNING id;`).stdout).toBe('')
    expect(asUser(OTHER_ID, `INSERT INTO public.inbox_owners (user_id) VALUES ('${OTHER_ID}');`).stderr).toMatch(
      /42501/,
    )
    // Without claims (a token with no sub): nothing either.
    expect(psql(pg, `SELECT count(*) FROM public.quote_requests;`, { role: 'authenticated' }).stdout).toBe('0')
    expect(queryJson(pg, `SELECT status, owner_note FROM public.quote_requests WHERE id = '${leadId}'`)).toEqual([
      { status: 'quoted', owner_note: 'Call after 5' },
    ])
  })

  it('anon, even with the owner claims, can neither call the inbox functions nor read leads', () => {
    const anon = (sql: string) => psql(pg, claims(OWNER_ID) + sql, { role: 'anon' })
    expect(anon(`SELECT * FROM public.owner_inbox_leads_v3();`).stderr).toMatch(/42501: permission denied for function/)
    expect(anon(`SELECT * FROM public.owner_update_lead_v3('${leadId}', 'won', '');`).stderr).toMatch(/42501/)
    expect(anon(`SELECT * FROM public.quote_requests;`).stderr).toMatch(/42501/)
  })

  it('the owner reads the sources and the won ad clicks under row level security; another user and anon get nothing', () => {
    psqlOk(
      pg,
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_channel,
                                         heard_about, source_tags, created_at)
       VALUES ('Ada', 'ada@example.com', '916-555-0160', 'new', 'owner-rls-ada-1', 'paid_search', 'ad',
               '{"gclid": "EAIaIQob-rls-1"}', now() - interval '3 days'),
              ('Gil', 'gil@example.com', '916-555-0161', 'new', 'owner-rls-gil-1', 'google_business_profile',
               'google-maps', '{"utm_source": "gbp"}', now() - interval '40 days'),
              ('Sly', 'sly@example.com', '916-555-0162', 'suspected_spam', 'owner-rls-sly-1', 'paid_search', 'ad',
               '{"gclid": "EAIaIQob-rls-spam"}', now());`,
      { user: 'supabase_admin' },
    )
    const ada = queryJson<{ id: string }>(pg, `SELECT id FROM public.quote_requests WHERE first_name = 'Ada'`)[0]!.id
    const won = asUser(OWNER_ID, `SELECT to_jsonb(f) FROM public.owner_update_lead_v3('${ada}', 'won', '', 1250.5) f;`)
    expect(won.ok, won.stderr).toBe(true)
    expect(JSON.parse(won.stdout)).toMatchObject({ status: 'won', job_value: 1250.5, source_channel: 'paid_search' })

    const sources = (sub: string, days: number) =>
      JSON.parse(
        asUser(sub, `SELECT coalesce(jsonb_agg(to_jsonb(f)), '[]') FROM public.owner_lead_sources(${days}) f;`).stdout,
      ) as unknown[]
    const row = (dimension: string, value: string | null, counts: number[], wonValue = 0) => {
      const [leads, contacted, quoted, winning] = counts
      return { dimension, value, leads, contacted, quoted, won: winning, won_value: wonValue }
    }
    // Ada (won at once: contacted and quoted too), Dana (quoted above, from before the channel was kept); not the spam.
    expect(sources(OWNER_ID, 30)).toEqual([
      row('channel', 'paid_search', [1, 1, 1, 1], 1250.5),
      row('channel', null, [1, 1, 1, 0]),
      row('heard_about', 'ad', [1, 1, 1, 1], 1250.5),
      row('heard_about', null, [1, 1, 1, 0]),
    ])
    // And Gil, 40 days ago.
    expect(sources(OWNER_ID, 90)).toEqual([
      row('channel', 'google_business_profile', [1, 0, 0, 0]),
      row('channel', 'paid_search', [1, 1, 1, 1], 1250.5),
      row('channel', null, [1, 1, 1, 0]),
      row('heard_about', 'ad', [1, 1, 1, 1], 1250.5),
      row('heard_about', 'google-maps', [1, 0, 0, 0]),
      row('heard_about', null, [1, 1, 1, 0]),
    ])
    const conversions = asUser(OWNER_ID, `SELECT jsonb_agg(to_jsonb(f)) FROM public.owner_conversions() f;`)
    expect(JSON.parse(conversions.stdout)).toEqual([
      { id: ada, gclid: 'EAIaIQob-rls-1', won_at: expect.any(String), job_value: 1250.5 },
    ])

    expect(sources(OTHER_ID, 365)).toEqual([])
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.owner_conversions();`).stdout).toBe('0')
    const anon = (sql: string) => psql(pg, claims(OWNER_ID) + sql, { role: 'anon' })
    expect(anon(`SELECT * FROM public.owner_lead_sources(30);`).stderr).toMatch(/42501: permission denied for function/)
    expect(anon(`SELECT * FROM public.owner_conversions();`).stderr).toMatch(/42501: permission denied for function/)

    // The job value goes when the lead leaves "won".
    const lost = asUser(OWNER_ID, `SELECT to_jsonb(f) FROM public.owner_update_lead_v3('${ada}', 'lost', '', 99) f;`)
    expect(JSON.parse(lost.stdout)).toMatchObject({ status: 'lost', job_value: null })
    expect(asUser(OWNER_ID, `SELECT count(*) FROM public.owner_conversions();`).stdout).toBe('0')
  })
})

const OWNER = 'owner@example.com'
const OTHER = 'helper@example.com'

describe("the owner signs in with Supabase Auth's e-mail link (stand-in for hosted Supabase Auth)", () => {
  let auth: AuthStandIn
  let local: LocalSupabase
  let site: SiteProcess
  let browser: Browser

  beforeAll(async () => {
    auth = await startAuthStandIn()
    local = await startLocalSupabase({ names: [], db: 'rest', restFallbackUrl: auth.url })
    auth.jwtSecret = local.keys.jwtSecret
    auth.users.set(OWNER, OWNER_ID)
    auth.users.set(OTHER, OTHER_ID)
    seedOwnerWithLead(local.cluster, OWNER_ID, { key: 'owner-auth-dana-1', sourcePage: '/services/roof-cleaning' })
    site = await startSiteProcess({
      SUPABASE_URL: local.url,
      SUPABASE_ANON_KEY: local.keys.anon,
      OWNER_EMAIL: OWNER,
      OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
    })
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    await local?.stop()
    await auth?.stop()
  })

  async function askForLink(page: Page, email: string) {
    await page.goto(`${site.url}/owner`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByRole('status').waitFor()
    expect(await page.getByRole('status').textContent()).toBe(SIGN_IN_TEXTS.sent)
  }

  // Every request here comes from 127.0.0.1, which may ask for five links in 15 minutes.
  const forgetSignInRequests = () =>
    psqlOk(local.cluster, `DELETE FROM public.rate_limit_hits WHERE bucket LIKE 'owner-sign-in:%'`, {
      user: 'supabase_admin',
    })

  /** The link as supabase/README.md's e-mail template builds it, on this test's server. */
  const linkOf = (tokenHash: string) => `${site.url}/owner/sign-in?token_hash=${tokenHash}`

  async function useLink(page: Page, link: string): Promise<string> {
    await page.goto(link)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForLoadState('load')
    return page.locator('main').innerText()
  }

  it("sends a link for the owner address only, signs in once with it, and refuses forged, used, expired and other users' links", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    for (const email of ['someone@example.com', OTHER, ` ${OWNER.toUpperCase()} `]) await askForLink(page, email)
    expect(auth.mails.map((mail) => mail.email)).toEqual([OWNER])

    expect(await useLink(page, linkOf(randomBytes(28).toString('hex')))).toContain(SIGN_IN_TEXTS.expired)

    // Anyone holding the public anon key can get a link for another Supabase user: the site refuses it.
    const direct = await callFunction(
      `${local.url}/auth/v1/otp`,
      { email: OTHER, create_user: false },
      {
        apikey: local.keys.anon,
      },
    )
    expect(direct.status).toBe(200)
    const otherLink = linkOf(auth.mails.at(-1)!.tokenHash)
    expect(await useLink(page, otherLink)).toContain(SIGN_IN_TEXTS.expired)
    expect((await context.cookies()).find((c) => c.name === 'owner_session')).toBeUndefined()

    const link = linkOf(auth.mails[0]!.tokenHash)
    const verifies = () => auth.calls.filter((call) => call.path === '/auth/v1/verify').length
    const before = verifies()
    await page.goto(link)
    expect(verifies()).toBe(before)
    const calls: { url: string; method: string; body: string | null }[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_serverFn/'))
        calls.push({ url: request.url(), method: request.method(), body: request.postData() })
    })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Dana' }).waitFor()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    const cookie = (await context.cookies()).find((c) => c.name === 'owner_session')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })

    const card = page.getByRole('article').filter({ hasText: 'Dana' })
    await card.getByLabel('Status').selectOption('contacted')
    await card.getByLabel('Note').fill('Left a voicemail')
    await card.getByRole('button', { name: 'Save' }).click()
    await card.getByText('Saved.').waitFor()
    expect(queryJson(local.cluster, `SELECT status, owner_note FROM public.quote_requests`)).toEqual([
      { status: 'contacted', owner_note: 'Left a voicemail' },
    ])
    // Back in view, the inbox reads its leads again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
    await expect.poll(() => calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(0)

    // Used once: another browser gets the sign-in page.
    const second = await browser.newContext()
    expect(await useLink(await second.newPage(), link)).toContain(SIGN_IN_TEXTS.expired)
    await second.close()

    const late = await browser.newContext()
    const latePage = await late.newPage()
    await askForLink(latePage, OWNER)
    auth.expireLinks()
    expect(await useLink(latePage, linkOf(auth.mails.at(-1)!.tokenHash))).toContain(SIGN_IN_TEXTS.expired)
    await late.close()

    // Each owner server function this session used, without the cookie or with a forged one: 401, no lead.
    expect(calls.length).toBeGreaterThanOrEqual(2)
    for (const session of [null, `owner_session=${cookie.value.slice(0, -6)}AAAAAA`]) {
      const headers: Record<string, string> = session ? { cookie: session } : {}
      const inbox = await fetch(`${site.url}/owner`, { headers })
      const html = await inbox.text()
      expect(html).toContain('E-mail me a sign-in link')
      expect(html).not.toContain('Dana')
      for (const call of calls) {
        const answer = await fetch(call.url, {
          method: call.method,
          headers: {
            'content-type': 'application/json',
            origin: site.url,
            'sec-fetch-site': 'same-origin',
            ...headers,
          },
          body: call.method === 'POST' ? (call.body ?? undefined) : undefined,
        })
        const text = await answer.text()
        if (answer.status === 200) expect(text).toContain('signedIn')
        else expect(answer.status, call.url).toBe(401)
        for (const secret of ['Dana', 'dana@example.com', '555-0150']) expect(text).not.toContain(secret)
      }
    }

    const ownerLines = site
      .output()
      .split('\n')
      .filter((line) => line.includes('"scope":"owner"'))
      .join('\n')
    expect(ownerLines).toContain('owner signed in')
    for (const secret of [OWNER, OTHER, 'Dana']) expect(ownerLines.toLowerCase()).not.toContain(secret.toLowerCase())
    await context.close()
  })

  /** A fresh browser signed in as the owner, with Supabase Auth's default one-hour tokens. */
  async function signedInOwner() {
    auth.accessTokenSeconds = 3600
    forgetSignInRequests()
    const context = await browser.newContext()
    const page = await context.newPage()
    await askForLink(page, OWNER)
    await useLink(page, linkOf(auth.mails.at(-1)!.tokenHash))
    return { context, page }
  }

  it('with the default one-hour tokens a copy of the cookie opens nothing after sign-out', async () => {
    const { context, page } = await signedInOwner()
    await page.getByRole('heading', { name: 'Dana' }).waitFor()
    const copy = `owner_session=${(await context.cookies()).find((c) => c.name === 'owner_session')!.value}`
    expect(await (await fetch(`${site.url}/owner`, { headers: { cookie: copy } })).text()).toContain('Dana')

    const logouts = () => auth.calls.filter((call) => call.path.startsWith('/auth/v1/logout')).length
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByLabel('E-mail address').waitFor()
    expect(logouts()).toBe(1)
    const html = await (await fetch(`${site.url}/owner`, { headers: { cookie: copy } })).text()
    expect(html).toContain('E-mail me a sign-in link')
    expect(html).not.toContain('Dana')
    await context.close()
  })

  it('refreshes tokens in the row without moving the session end, and before the sign-out revoke', async () => {
    const { context, page } = await signedInOwner()
    const rows = () =>
      queryJson<{ expires_at: string; token: string }>(
        local.cluster,
        `SELECT expires_at, auth_tokens ->> 'refreshToken' AS token FROM public.owner_sessions
          WHERE revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      )
    // The newest live session is this browser's; earlier tests leave theirs.
    const [before] = rows()
    // An hour later: the stored access token has expired.
    psqlOk(
      local.cluster,
      `UPDATE public.owner_sessions SET auth_tokens = jsonb_set(auth_tokens, '{expiresAt}', to_jsonb(0)) WHERE revoked_at IS NULL`,
      { user: 'supabase_admin' },
    )
    const refreshes = () => auth.calls.filter((call) => call.path.startsWith('/auth/v1/token')).length
    const refreshed = refreshes()
    const cookie = `owner_session=${(await context.cookies()).find((c) => c.name === 'owner_session')!.value}`
    const answer = await fetch(`${site.url}/owner`, { headers: { cookie } })
    expect(await answer.text()).toContain('Dana')
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect(refreshes()).toBe(refreshed + 1)
    const [after] = rows()
    expect(after!.token).not.toBe(before!.token)
    expect(after!.expires_at).toBe(before!.expires_at)

    // Expired again at sign-out: refreshed first, so Supabase Auth accepts the revoke.
    psqlOk(
      local.cluster,
      `UPDATE public.owner_sessions SET auth_tokens = jsonb_set(auth_tokens, '{expiresAt}', to_jsonb(0)) WHERE revoked_at IS NULL`,
      { user: 'supabase_admin' },
    )
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.getByLabel('E-mail address').waitFor()
    expect(refreshes()).toBe(refreshed + 2)
    const paths = auth.calls.map((call) => call.path.split('?')[0])
    expect(paths.lastIndexOf('/auth/v1/token')).toBe(paths.lastIndexOf('/auth/v1/logout') - 1)
    expect(site.output()).not.toContain('Supabase Auth refused the sign-out')
    await context.close()
  })

  it("shows the sources and downloads the won ad clicks through the site, with the owner's own token", async () => {
    psqlOk(
      local.cluster,
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_channel,
                                         heard_about, source_tags)
       VALUES ('Ada', 'ada@example.com', '916-555-0160', 'new', 'owner-auth-ada-1', 'paid_search', 'ad',
               '{"gclid": "EAIaIQob-site-1"}');
       UPDATE public.quote_requests SET status = 'won', job_value = 480 WHERE first_name = 'Ada';`,
      { user: 'supabase_admin' },
    )
    const { context, page } = await signedInOwner()
    await page.goto(`${site.url}/owner?view=sources`)
    const byChannel = page.getByRole('table', { name: SOURCES_TEXTS.byChannel(30) })
    await byChannel.waitFor()
    const rows = await byChannel.evaluate((table: HTMLTableElement) =>
      [...table.tBodies[0]!.rows].map((tr) => [...tr.cells].map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())),
    )
    expect(rows).toContainEqual(['Paid search $480 won', '1', '1', '1', '1', '100%'])

    const cookie = `owner_session=${(await context.cookies()).find((c) => c.name === 'owner_session')!.value}`
    const download = await fetch(`${site.url}/owner/conversions.csv`, { headers: { cookie } })
    expect([download.status, download.headers.get('cache-control')]).toEqual([200, 'private, no-store'])
    const [header, line, end] = (await download.text()).split('\r\n')
    expect(header).toBe('Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency')
    expect(line).toMatch(/^EAIaIQob-site-1,Won job,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}-0[78]:00,480\.00,USD$/)
    expect(end).toBe('')
    const refused = await fetch(`${site.url}/owner/conversions.csv`)
    expect(refused.status).toBe(401)
    expect(await refused.text()).not.toContain('EAIaIQob-site-1')
    await context.close()
  })
})
