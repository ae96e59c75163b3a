/**
 * The owner's sign-in and sessions (docs/decisions/041-owner-sessions.md) as the site's handlers answer them, in
 * this process on the run's database with a real SMTP server: a link e-mailed once, for 15 minutes; a session row
 * that 30 idle days, 90 days or a new OWNER_EMAIL ends; link limits counted in the database. The two sign-outs are
 * e2e/owner-session.spec.ts's, on both databases.
 */
import { randomBytes } from 'node:crypto'
import { getResponseHeader, getResponseStatus } from '@tanstack/react-start/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { site as business } from '../../app/content/site'
import type { TestSite } from '../support/test-site'
import {
  forOwner,
  hashToken,
  requireOwner,
  sealSessionSecret,
  SESSION_COOKIE,
  unsealSessionSecret,
} from '../../app/platform/http/owner-access.server'
import { handleSignInPost } from '../../app/features/owner/sign-in.server'
import { captureLog } from '../support/log-capture'
import {
  formPost,
  freshDatabaseUrl,
  rowsOf,
  runHandler,
  useMailingSites,
  useSiteServing,
  type TestSmtp,
} from './helpers'

// The handlers read the site's own configuration, as in production: set before any import parses it.
const { OWNER, SESSION_PASSWORD } = vi.hoisted(() => {
  process.env.OWNER_EMAIL = 'owner@example.com'
  process.env.OWNER_SESSION_SECRET = 'owner-sessions-test-session-secret-0123456789abcdef'
  return { OWNER: process.env.OWNER_EMAIL, SESSION_PASSWORD: process.env.OWNER_SESSION_SECRET }
})

/** The answer to every request for a link, whoever asks. */
const LINK_SENT = { status: 303, location: '/owner?link=sent' }
const mailingSite = useMailingSites()
/** Makes a site's database the one the handlers reach, as the process's is in a running site. */
const serve = useSiteServing()
afterEach(() => vi.unstubAllEnvs())

/** The site on a fresh database, with a real SMTP server for the links. */
async function openSite(): Promise<{ site: TestSite; smtp: TestSmtp }> {
  const opened = await mailingSite({ OWNER_EMAIL: OWNER })
  serve(opened.site)
  return opened
}

/** A form posted to /owner/sign-in from the site's own page, by the client at `client`. */
async function post(form: Record<string, string>, { cookie = '', client = '198.51.100.7' } = {}) {
  const response = await runHandler(
    (request) => handleSignInPost(request, client),
    formPost(`${business.baseUrl}/owner/sign-in`, form, cookie ? { Cookie: cookie } : {}),
  )
  const setCookie = response.headers.get('set-cookie')
  const value = setCookie?.match(new RegExp(`^${SESSION_COOKIE}=([^;]*)`))?.[1]
  return {
    status: response.status,
    location: response.headers.get('location'),
    // `name=value` of a session cookie set, '' when it is cleared, null when none is set.
    cookie: value === undefined ? null : value && `${SESSION_COOKIE}=${value}`,
    response,
  }
}

/** The status of an owner-only address (a handler wrapped as every owner route's is) for a request with this cookie. */
async function ownerOnly(cookie?: string, wrap = forOwner): Promise<number> {
  const request = new Request(`${business.baseUrl}/owner/conversions.csv`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  const handler = wrap(() => new Response('the owner'))
  return (await runHandler((incoming) => handler({ request: incoming }), request)).status
}

/** What the check of every owner function (the ownerOnly middleware) answers a request with this cookie. */
async function ownerFunction(cookie?: string): Promise<[number, string | undefined, string]> {
  const request = new Request(`${business.baseUrl}/_serverFn/owner`, { headers: cookie ? { Cookie: cookie } : {} })
  const answer = await runHandler(async () => {
    const outcome = await requireOwner().then(
      () => 'the owner',
      (error: Error) => error.message,
    )
    return Response.json([getResponseStatus(), getResponseHeader('cache-control'), outcome])
  }, request)
  return answer.json() as Promise<[number, string | undefined, string]>
}

function tokenOf(text: string | false | undefined): string {
  const match = (text || '').match(/\/owner\/sign-in\?token=([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`no sign-in link in: ${String(text)}`)
  return match[1]!
}

/** The token of the next link e-mailed: it is queued after the answer, so the outbox runs until one more arrives. */
async function nextLink(site: TestSite, smtp: TestSmtp): Promise<string> {
  const before = smtp.received.length
  await expect.poll(async () => (await site.outbox.drain(), smtp.received.length)).toBe(before + 1)
  return tokenOf(smtp.received.at(-1)!.mail.text)
}

/** As if the owner's last link were sent 3 minutes ago: his one link per 3 minutes (decision 052) allows another. */
async function afterOwnerLinkWindow(site: TestSite, by = '3 minutes'): Promise<void> {
  const sql = `UPDATE rate_limit_hits SET hit_at = hit_at - $1::interval WHERE bucket = 'owner-sign-in:owner'`
  await rowsOf(site, sql, [by])
}

/** Asks for a link as the owner and signs in with it: the session's cookie. */
async function signIn(site: TestSite, smtp: TestSmtp): Promise<string> {
  await afterOwnerLinkWindow(site)
  expect(await post({ email: OWNER })).toMatchObject(LINK_SENT)
  const answer = await post({ token: await nextLink(site, smtp) })
  expect(answer).toMatchObject({ status: 303, location: '/owner' })
  return answer.cookie!
}

describe('the sign-in link', { timeout: 120_000 }, () => {
  it('is e-mailed only for the owner address, keeps only its hash, and signs in once', async () => {
    const { site, smtp } = await openSite()
    const db = site.db
    // Every address gets the same answer; only the owner's gets a link.
    expect(await post({ email: 'someone@example.com' })).toMatchObject(LINK_SENT)
    expect(await post({ email: ' Owner@Example.com ' })).toMatchObject(LINK_SENT)
    const token = await nextLink(site, smtp)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.rcptTo).toEqual([OWNER])
    expect(smtp.received[0]!.mail.text).toContain('It works once, for 15 minutes.')

    // Only the hash is kept; the outbox forgets the link once it is sent.
    const links = await db.selectFrom('owner_sign_in_links').select('token_hash').execute()
    expect(links).toEqual([{ token_hash: hashToken(token) }])
    const outbox = await rowsOf(
      db,
      `SELECT payload, sent_at IS NOT NULL AS sent FROM outbox WHERE template = 'owner_mail' AND key = 'sign-in'`,
    )
    expect(outbox).toEqual([{ payload: null, sent: true }])

    const first = await post({ token })
    expect(first).toMatchObject({ status: 303, location: '/owner', cookie: expect.stringMatching(/=.+/) })
    for (const forged of [randomBytes(32).toString('base64url'), "' OR 1=1 --", ''])
      expect(await post({ token: forged })).toMatchObject({ location: '/owner?link=expired', cookie: null })
  })

  it('works for 15 minutes, and its e-mail is dropped when still unsent after them', async () => {
    const { site, smtp } = await openSite()
    const db = site.db
    await post({ email: OWNER })
    const token = await nextLink(site, smtp)
    await rowsOf(db, `UPDATE owner_sign_in_links SET expires_at = now() - interval '1 second'`)
    expect(await post({ token })).toMatchObject({ location: '/owner?link=expired', cookie: null })

    await afterOwnerLinkWindow(site)
    await post({ email: OWNER })
    await expect.poll(() => rowsOf(db, `SELECT 1 FROM outbox WHERE sent_at IS NULL`)).toHaveLength(1)
    await rowsOf(
      db,
      `UPDATE outbox SET payload = jsonb_set(payload, '{notAfter}', to_jsonb(now() - interval '1 minute'))
                     WHERE sent_at IS NULL`,
    )
    await site.outbox.drain()
    const done = await rowsOf(
      db,
      `SELECT sent_at IS NOT NULL AS done FROM outbox WHERE template = 'owner_mail' AND key = 'sign-in'`,
    )
    expect(done).toEqual([{ done: true }, { done: true }])
    expect(smtp.received).toHaveLength(1)
  })

  it('signs in once when the same link is posted eight times at once', async () => {
    const { site, smtp } = await openSite()
    await post({ email: OWNER })
    const token = await nextLink(site, smtp)
    // On PostgreSQL each post has its own connection: a check, then a separate mark, would let several through.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post({ token }, { client: `192.0.2.${i}` })))
    expect(answers.map((answer) => answer.location).sort()).toEqual([
      '/owner',
      ...Array.from({ length: 7 }, () => '/owner?link=expired'),
    ])
    expect(answers.filter((answer) => answer.cookie).map((answer) => answer.location)).toEqual(['/owner'])
  })
})

describe('an owner session', { timeout: 120_000 }, () => {
  it('opens the owner-only addresses and functions, which answer 401 without it or with a forged cookie', async () => {
    const { site, smtp } = await openSite()
    expect(await ownerFunction()).toEqual([401, 'private, no-store', 'Sign in first'])
    expect(await ownerOnly()).toBe(401)
    expect(await ownerOnly(`${SESSION_COOKIE}=forged`)).toBe(401)
    // Sealed with the right key, but no session row holds its secret.
    const unknown = await sealSessionSecret(SESSION_PASSWORD, randomBytes(32).toString('base64url'), 3600)
    expect(await ownerOnly(`${SESSION_COOKIE}=${unknown}`)).toBe(401)

    expect((await post({ email: OWNER })).cookie).toBeNull()
    // Its attributes (HttpOnly, SameSite=Lax, 90 days at most) are e2e/owner-inbox.spec.ts's.
    const answer = await post({ token: await nextLink(site, smtp) })
    expect(await ownerOnly(answer.cookie!)).toBe(200)
    expect((await ownerFunction(answer.cookie!))[2]).toBe('the owner')
  })

  it('ends after 30 idle days, and 90 days after sign-in however often it is used', async () => {
    const { site, smtp } = await openSite()
    const db = site.db
    const idle = await signIn(site, smtp)
    const old = await signIn(site, smtp)
    const used = await signIn(site, smtp)
    const rowOf = async (cookie: string) =>
      hashToken((await unsealSessionSecret(cookie.split('=')[1], SESSION_PASSWORD))!)
    const set = async (cookie: string, change: string) =>
      rowsOf(db, `UPDATE owner_sessions SET ${change} WHERE secret_hash = $1`, [await rowOf(cookie)])
    await set(idle, `last_seen_at = now() - interval '30 days 1 minute'`)
    // Used yesterday, but signed in more than 90 days ago.
    const yesterday = `expires_at = now() - interval '1 day', last_seen_at = now() - interval '1 day'`
    await set(old, `created_at = now() - interval '91 days', ${yesterday}`)
    // Idle for 29 days: still open, and this use starts its 30 days again.
    await set(used, `last_seen_at = now() - interval '29 days'`)

    expect(await ownerOnly(idle)).toBe(401)
    expect(await ownerOnly(old)).toBe(401)
    expect(await ownerOnly(used)).toBe(200)
    const rows = await rowsOf(
      db,
      `SELECT extract(day FROM now() - last_seen_at)::int AS idle_days, extract(day FROM expires_at - created_at)::int AS days
         FROM owner_sessions WHERE secret_hash = $1`,
      [await rowOf(used)],
    )
    expect(rows).toEqual([{ idle_days: 0, days: 90 }])
  })

  it('outlives a restart of the site, but not a restart with a new OWNER_EMAIL', async () => {
    const { site, smtp } = await openSite()
    const cookie = await signIn(site, smtp)
    // A restart: the site's modules load afresh and read the configuration again, on the same database.
    const restart = async () => {
      vi.resetModules()
      ;(await import('../../app/platform/db/db.server')).useDatabase(site.db)
      return (await import('../../app/platform/http/owner-access.server')).forOwner
    }
    expect(await ownerOnly(cookie, await restart())).toBe(200)
    vi.stubEnv('OWNER_EMAIL', 'new-owner@example.com')
    expect(await ownerOnly(cookie, await restart())).toBe(401)
  })

  it('keeps only its secret in the cookie, sealed with the configured key', async () => {
    const secret = randomBytes(32).toString('base64url')
    const cookie = await sealSessionSecret(SESSION_PASSWORD, secret, 3600)
    expect(cookie).not.toContain(secret)
    expect(await unsealSessionSecret(cookie, SESSION_PASSWORD)).toBe(secret)
    expect(await unsealSessionSecret(cookie, randomBytes(32).toString('base64'))).toBeNull()
    expect(await unsealSessionSecret(`${cookie.slice(0, -4)}AAAA`, SESSION_PASSWORD)).toBeNull()
    expect(await unsealSessionSecret(undefined, SESSION_PASSWORD)).toBeNull()
    expect(
      await unsealSessionSecret(await sealSessionSecret(SESSION_PASSWORD, 'not a secret', 3600), SESSION_PASSWORD),
    ).toBeNull()
  })
})

describe('sign-in link limits', { timeout: 120_000 }, () => {
  /** Two instances of the site on one database: each request goes to the one named. */
  async function twoInstances() {
    const databaseUrl = await freshDatabaseUrl()
    const { site: first } = await mailingSite({ OWNER_EMAIL: OWNER }, { databaseUrl })
    const { site: second } = await mailingSite({ OWNER_EMAIL: OWNER }, { databaseUrl, dataDir: first.dataDir })
    const on = (instance: TestSite) => (serve(instance), post)
    return { first, second, on }
  }

  it('holds each client to five requests in 15 minutes, whichever instance answers, and no other client', async () => {
    const { first, second, on } = await twoInstances()
    const ask = (client: string, email = 'someone@example.com') => post({ email }, { client })
    for (const instance of [first, first, first, second, second]) {
      on(instance)
      expect((await ask('203.0.113.1')).status).toBe(303)
    }
    on(first)
    const refused = await ask('203.0.113.1')
    expect(refused.status).toBe(429)
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect(Number(refused.response.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    expect(await refused.response.text()).toBe('Too many sign-in requests. Try again in 15 minutes.')
    // A page on another site cannot post the owner's address.
    const crossSite = formPost(
      `${business.baseUrl}/owner/sign-in`,
      { email: OWNER },
      { Origin: 'https://attacker.example' },
    )
    expect((await runHandler((request) => handleSignInPost(request, '203.0.113.9'), crossSite)).status).toBe(403)
    // Another client, the owner's phone, is not held back by the first.
    on(second)
    expect((await ask('203.0.113.2', OWNER)).status).toBe(303)
    const db = second.db
    await expect.poll(() => rowsOf(db, 'SELECT 1 FROM owner_sign_in_links')).toHaveLength(1)
  })

  it('holds a client to five refused links in 15 minutes, each one quiet line, and its real link still signs in', async () => {
    const { site, smtp } = await openSite()
    await post({ email: OWNER })
    const token = await nextLink(site, smtp)
    const log = captureLog()
    const guess = { token: `guess-<script>${randomBytes(8).toString('hex')}` }
    for (let i = 0; i < 5; i++)
      expect(await post(guess, { client: '203.0.113.9' })).toMatchObject({ location: '/owner?link=expired' })
    const limited = await post(guess, { client: '203.0.113.9' })
    expect([limited.status, limited.response.headers.get('retry-after')]).toEqual([429, expect.stringMatching(/^\d+$/)])
    // Guesses are counted after the check: the same client's real link is not held back by them.
    expect(await post({ token }, { client: '203.0.113.9' })).toMatchObject({ status: 303, location: '/owner' })
    const owner = () => log.records().filter((record) => record.scope === 'owner')
    await expect.poll(() => owner().length).toBe(6)
    const refused = ['info', 'sign-in link refused (unknown, used or expired)']
    expect(owner().map((record) => [record.level, record.msg])).toEqual([
      ...Array.from({ length: 5 }, () => refused),
      ['info', 'owner signed in'],
    ])
    expect(log.text()).not.toContain(guess.token.slice(6))
  })

  it('counts an IPv6 client by its /64: a new address of the same block is the same client', async () => {
    await openSite()
    for (let i = 1; i <= 5; i++)
      expect((await post({ email: 'someone@example.com' }, { client: `2001:db8:5:6::${i}` })).status).toBe(303)
    expect((await post({ email: 'someone@example.com' }, { client: '2001:db8:5:6:ffff:1:2:3' })).status).toBe(429)
    expect((await post({ email: 'someone@example.com' }, { client: '2001:db8:5:7::1' })).status).toBe(303)
  })

  it('sends the owner one link per 3 minutes, whichever instance and client asks; 40 asks, one link', async () => {
    const { first, second, on } = await twoInstances()
    const log = captureLog()
    for (let i = 0; i < 40; i++) {
      on(i % 2 ? second : first)
      expect((await post({ email: OWNER }, { client: `203.0.113.${i}` })).location).toBe('/owner?link=sent')
    }
    const db = first.db
    const refusedLines = () =>
      log.records().filter((record) => record.msg === 'sign-in link not sent: one was sent within OWNER_LINK_WINDOW_MS')
    await expect.poll(() => refusedLines().length).toBe(39)
    expect(await rowsOf(db, 'SELECT 1 FROM owner_sign_in_links')).toHaveLength(1)

    // Ten seconds short of 3 minutes: still refused. At 3 minutes: one more.
    await afterOwnerLinkWindow(first, '2 minutes 50 seconds')
    await post({ email: OWNER }, { client: '203.0.113.200' })
    await expect.poll(() => refusedLines().length).toBe(40)
    await afterOwnerLinkWindow(first, '10 seconds')
    await post({ email: OWNER }, { client: '203.0.113.201' })
    await expect.poll(async () => (await rowsOf(db, 'SELECT 1 FROM owner_sign_in_links')).length).toBe(2)
    // The owner's log lines name neither his address nor any client.
    expect(JSON.stringify(log.records())).not.toMatch(/owner@example|203\.0\.113/)
  })

  it("leaves the owner a link that works when his own request comes after a stranger's", async () => {
    const { site, smtp } = await openSite()
    const log = captureLog()
    // Someone who knows his address asks first; the owner asks a minute later, from his phone.
    await post({ email: OWNER }, { client: '192.0.2.66' })
    const sent = await nextLink(site, smtp)
    await afterOwnerLinkWindow(site, '1 minute')
    expect(await post({ email: OWNER }, { client: '198.51.100.20' })).toMatchObject(LINK_SENT)
    await expect.poll(() => log.records().filter((record) => /^sign-in link not sent/.test(record.msg)).length).toBe(1)
    // No new link, and the one in his mailbox was not taken back: it signs him in.
    await site.outbox.drain()
    expect(smtp.received).toHaveLength(1)
    expect(await post({ token: sent })).toMatchObject({ status: 303, location: '/owner', cookie: expect.any(String) })
  })

  it("answers every address alike, before the owner's link is made (the database held at that step by a gate)", async () => {
    const { site, smtp } = await openSite()
    // A gate in front of the real database, shut at the owner's link limit: the step the send takes first.
    let open!: () => void
    const opened = new Promise<void>((resolve) => (open = resolve))
    let reached = false
    const db = site.db
    // A query run on the gate; everything else on the real database and its executor (their private fields).
    const own = (target: object, name: string | symbol): unknown => {
      const value: unknown = Reflect.get(target, name)
      return typeof value === 'function' ? value.bind(target) : value
    }
    const executor = db.getExecutor()
    const gatedExecutor = new Proxy(executor, {
      get: (target, name) =>
        name !== 'executeQuery'
          ? own(target, name)
          : async (...args: Parameters<typeof executor.executeQuery>) => {
              if (JSON.stringify(args[0].parameters).includes('owner-sign-in:owner')) {
                reached = true
                await opened
              }
              return target.executeQuery(...args)
            },
    })
    const gated = new Proxy(db, {
      get: (target, name) => (name === 'getExecutor' ? () => gatedExecutor : own(target, name)),
    })
    serve({ db: gated, files: site.files })

    const stranger = await post({ email: 'someone@example.com' }, { client: '203.0.113.70' })
    // Awaiting the send here would wait at the gate, and this answer would never come.
    const owner = await post({ email: OWNER }, { client: '203.0.113.71' })
    for (const answer of [stranger, owner]) {
      expect(answer).toMatchObject({ status: 303, location: '/owner?link=sent', cookie: null })
      expect(answer.response.headers.get('cache-control')).toBe('private, no-store')
      expect(await answer.response.text()).toBe('')
    }
    await expect.poll(() => reached).toBe(true)
    expect(await rowsOf(db, 'SELECT 1 FROM owner_sign_in_links')).toHaveLength(0)
    open()
    serve(site)
    expect(await nextLink(site, smtp)).toMatch(/^[\w-]{43}$/)
  })
})
