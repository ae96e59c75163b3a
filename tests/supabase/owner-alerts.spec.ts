/**
 * Alerts and review requests on Supabase: the site (production build) signed in through a LOCAL STAND-IN
 * for Supabase Auth, send-quote-email under Deno, PostgreSQL 15, a real SMTP server, and the stand-in push
 * service that checks the VAPID signature and decrypts the payload. Chromium cannot reach a push service
 * here, so the inbox's subscribe() is FAKED to return the stand-in's subscription.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER_TEXTS, REVIEW_TEXTS, SIGN_IN_TEXTS } from '../../app/lib/owner-lead'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { localCertificate, phoneKeys, startPushService } from '../support/push-service'
import { startSiteProcess, type SiteProcess } from '../support/site-process'
import { signJwt, startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { psql, psqlOk, queryJson } from '../support/supabase-postgres'
import { callFunction, outboxIdle, seedOwnerWithLead, startAuthStandIn, waitFor, type AuthStandIn } from './support'

const OWNER = 'owner@example.com'
const OWNER_ID = randomUUID()
const OTHER_ID = randomUUID()
const REVIEW_URL = 'https://g.page/r/sample-review-link'
const vapid = webpush.generateVAPIDKeys()
const phone = phoneKeys()
const tls = localCertificate()

let push: Awaited<ReturnType<typeof startPushService>>
let gone: Server
let goneUrl: string
let smtp: TestSmtp
let auth: AuthStandIn
let local: LocalSupabase
let site: SiteProcess
let browser: Browser
let owner: BrowserContext
let page: Page

const subscriptionOf = (endpoint: string) => ({
  endpoint,
  keys: { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') },
})

beforeAll(async () => {
  push = await startPushService(phone, vapid.publicKey, tls)
  gone = createServer((_request, response) => response.writeHead(410).end())
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
  goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/push/old-phone`
  smtp = await startSmtp()
  auth = await startAuthStandIn()
  local = await startLocalSupabase({
    names: ['send-quote-email'],
    restFallbackUrl: auth.url,
    functionEnv: () => ({
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_EMAIL: OWNER,
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: `mailto:${OWNER}`,
      // The function's own link: the site's caller never names one.
      GOOGLE_REVIEW_URL: REVIEW_URL,
      DENO_CERT: tls.certPath,
    }),
  })
  auth.jwtSecret = local.keys.jwtSecret
  auth.users.set(OWNER, OWNER_ID)
  seedOwnerWithLead(local.cluster, OWNER_ID, { key: 'owner-alerts-dana-1', sourcePage: '/services?tab=roof' })
  site = await startSiteProcess({
    SUPABASE_URL: local.url,
    SUPABASE_ANON_KEY: local.keys.anon,
    OWNER_EMAIL: OWNER,
    OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
    // The private key is the function's secret alone.
    VAPID_PUBLIC_KEY: vapid.publicKey,
    GOOGLE_REVIEW_URL: REVIEW_URL,
  })
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  owner = await browser.newContext()
  await owner.grantPermissions(['notifications'], { origin: site.url })
  await owner.addInitScript((subscription) => {
    PushManager.prototype.subscribe = async () =>
      ({ toJSON: () => ({ ...subscription, expirationTime: null }) }) as unknown as PushSubscription
  }, subscriptionOf(push.endpoint))
  page = await owner.newPage()
  await page.goto(`${site.url}/owner`)
  await page.getByLabel('E-mail address').fill(OWNER)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await page.getByRole('status').waitFor()
  expect(await page.getByRole('status').textContent()).toBe(SIGN_IN_TEXTS.sent)
  await page.goto(`${site.url}/owner/sign-in?token_hash=${auth.mails.at(-1)!.tokenHash}`)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Dana' }).waitFor()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await local?.stop()
  await auth?.stop()
  await smtp?.close()
  await push?.stop()
  await new Promise<void>((resolve) => (gone ? gone.close(() => resolve()) : resolve()))
})

const claims = (sub: string) =>
  `SET request.jwt.claims TO '${JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' })}';\n`
const asUser = (sub: string, sql: string) => psql(local.cluster, claims(sub) + sql, { role: 'authenticated' })

function submitLead(firstName: string, key: string, headers: Record<string, string> = {}) {
  return callFunction(
    `${local.url}/functions/v1/send-quote-email`,
    { firstName, email: `${firstName.toLowerCase()}@example.com`, phone: '916-555-0177', sourcePage: '/city/folsom' },
    { Authorization: `Bearer ${local.keys.anon}`, apikey: local.keys.anon, 'Idempotency-Key': key, ...headers },
  )
}

const pushRows = () =>
  queryJson<{ sent: boolean; attempts: number }>(
    local.cluster,
    `SELECT sent_at IS NOT NULL AS sent, attempts FROM public.quote_outbox WHERE kind = 'owner_push' ORDER BY created_at`,
  )

describe('alerts and review requests on Supabase (send-quote-email under Deno, stand-in push service)', () => {
  it('the owner turns alerts on from the inbox: the subscription is stored with their own token', async () => {
    await page.getByRole('button', { name: 'Turn on alerts for new leads' }).click()
    await page.getByText(OWNER_TEXTS.alertsOn).waitFor()
    expect(asUser(OWNER_ID, `SELECT endpoint FROM public.owner_push_subscriptions;`).stdout).toBe(push.endpoint)
  })

  it('a token of any other user can neither read nor write subscriptions, nor queue review requests', async () => {
    const other = signJwt(
      { sub: OTHER_ID, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      local.keys.jwtSecret,
    )
    const asOther = (fn: string, args: unknown) =>
      callFunction(`${local.url}/rest/v1/rpc/${fn}`, args, {
        apikey: local.keys.anon,
        Authorization: `Bearer ${other}`,
      })
    const write = await asOther('owner_save_push_subscription', {
      p_endpoint: 'https://push.example.net/stolen',
      p_p256dh: 'B'.repeat(87),
      p_auth: 'A'.repeat(22),
    })
    expect(write.status).toBe(403)
    expect((await asOther('owner_push_targets', {})).status).toBe(403)
    const [dana] = queryJson<{ id: string }>(
      local.cluster,
      `SELECT id FROM public.quote_requests WHERE first_name = 'Dana'`,
    )
    expect((await asOther('owner_request_review', { p_id: dana!.id })).status).toBe(403)
    // The link is no argument any more: the owner's own token cannot choose what customers are sent.
    const ownerToken = signJwt(
      { sub: OWNER_ID, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      local.keys.jwtSecret,
    )
    const forged = await callFunction(
      `${local.url}/rest/v1/rpc/owner_request_review`,
      { p_id: dana!.id, p_review_url: 'https://evil.example.net/' },
      { apikey: local.keys.anon, Authorization: `Bearer ${ownerToken}` },
    )
    // PostgREST: 404 PGRST202, no such function; the local stand-in: 400.
    expect(forged.status).toBeGreaterThanOrEqual(400)

    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.owner_push_subscriptions;`).stdout).toBe('0')
    expect(asUser(OTHER_ID, `DELETE FROM public.owner_push_subscriptions RETURNING endpoint;`).stdout).toBe('')
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.owner_review_requests();`).stdout).toBe('0')
    const anon = psql(local.cluster, claims(OWNER_ID) + `SELECT * FROM public.owner_push_subscriptions;`, {
      role: 'anon',
    })
    expect(anon.stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `SELECT * FROM public.owner_push_targets();`).stderr).toMatch(/42501/)
    expect(queryJson(local.cluster, `SELECT endpoint FROM public.owner_push_subscriptions`)).toEqual([
      { endpoint: push.endpoint },
    ])
  })

  it('a lead pushes once, signed and decryptable, with no contact details; spam pushes nothing; 410 drops a phone', async () => {
    psqlOk(
      local.cluster,
      claims(OWNER_ID) +
        `SET ROLE authenticated; SELECT public.owner_save_push_subscription('${goneUrl}', '${subscriptionOf('').keys.p256dh}', '${subscriptionOf('').keys.auth}');`,
    )
    expect(await submitLead('Pushkin', 'owner-alerts-pushkin-1')).toMatchObject({ status: 200 })
    await waitFor(() => push.delivered.length === 1, 30_000)
    const delivered = push.delivered[0]!
    expect(push.refused).toEqual([])
    expect(delivered.claims.sub).toBe(`mailto:${OWNER}`)
    expect(delivered.payload).toEqual({
      title: 'Quote request in Folsom',
      body: 'New quote request: open the inbox to call back.',
      url: '/owner',
    })
    for (const secret of ['Pushkin', 'pushkin@example.com', '555-0177'])
      expect(delivered.plaintext).not.toContain(secret)
    await expect
      .poll(() => queryJson(local.cluster, `SELECT endpoint FROM public.owner_push_subscriptions`))
      .toEqual([{ endpoint: push.endpoint }])

    expect(await submitLead('Spammy', 'owner-alerts-spammy-1', { 'x-suspected-spam': 'honeypot' })).toMatchObject({
      status: 200,
    })
    // The same form sent again is one lead: no second push.
    await submitLead('Pushkin', 'owner-alerts-pushkin-1')
    expect(
      await callFunction(
        `${local.url}/functions/v1/send-quote-email`,
        { deliverDue: true },
        {
          Authorization: `Bearer ${local.keys.anon}`,
        },
      ),
    ).toMatchObject({ status: 200 })
    // The function answers before it delivers (decision 038): wait until no row it claimed is still being sent.
    await outboxIdle(local.cluster)
    expect(push.delivered).toHaveLength(1)
    expect(pushRows()).toEqual([{ sent: true, attempts: 1 }])
  })

  it('with the push service down for 30 s the lead is stored and answered, and the push arrives once it is back', async () => {
    push.delivered.length = 0
    psqlOk(local.cluster, `DELETE FROM public.quote_outbox WHERE kind = 'owner_push';`)
    const back = Date.now() + 30_000
    push.down(30_000)
    expect(await submitLead('Downey', 'owner-alerts-downey-1')).toMatchObject({ status: 200, json: { success: true } })
    expect(queryJson(local.cluster, `SELECT status FROM public.quote_requests WHERE first_name = 'Downey'`)).toEqual([
      { status: 'new' },
    ])
    expect(pushRows()).toEqual([{ sent: false, attempts: 1 }])

    // What the pg_cron schedule asks every minute, asked every 2 s; the row keeps its backoff.
    const deliverDue = () =>
      callFunction(
        `${local.url}/functions/v1/send-quote-email`,
        { deliverDue: true },
        {
          Authorization: `Bearer ${local.keys.anon}`,
        },
      )
    while (push.delivered.length === 0 && Date.now() < back + 45_000) {
      await deliverDue()
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
    await outboxIdle(local.cluster)
    expect(push.delivered).toHaveLength(1)
    expect(push.delivered[0]!.at).toBeGreaterThanOrEqual(back)
    expect(push.delivered[0]!.payload.title).toBe('Quote request in Folsom')
    const [row] = pushRows()
    expect(row!.sent).toBe(true)
    expect(row!.attempts).toBeGreaterThanOrEqual(3)
    await deliverDue()
    expect(push.delivered).toHaveLength(1)
  }, 120_000)

  it('marking a lead won and sending the review request e-mails the customer once; the inbox shows it sent; a second is refused', async () => {
    const card = page.getByRole('article').filter({ hasText: 'Dana' })
    await page.reload()
    await card.waitFor()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    const calls: { url: string; body: string | null }[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_serverFn/') && request.method() === 'POST')
        calls.push({ url: request.url(), body: request.postData() })
    })
    await card.getByLabel('Status').selectOption('won')
    await card.getByRole('button', { name: 'Save' }).click()
    await card.getByText('Saved.').waitFor()
    const beforeReview = calls.length
    await card.getByRole('button', { name: REVIEW_TEXTS.offer }).click()
    await card.getByText(/Review request (queued|sent)/).waitFor()
    const reviewMails = () => smtp.received.filter((m) => m.mail.text?.includes(REVIEW_URL))
    await waitFor(() => reviewMails().length === 1, 15_000)
    const mail = reviewMails()[0]!
    expect(mail.rcptTo).toEqual(['dana@example.com'])
    expect(mail.mail.text).toContain('Hi Dana,')
    await page.reload()
    await card.getByText(REVIEW_TEXTS.sent).waitFor()
    expect(await card.getByRole('button', { name: REVIEW_TEXTS.offer }).count()).toBe(0)

    const reviewCall = calls.slice(beforeReview).find((call) => call.body?.includes('id'))!
    const cookie = (await owner.cookies()).find((c) => c.name === 'owner_session')!
    const again = await fetch(reviewCall.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: site.url,
        'sec-fetch-site': 'same-origin',
        cookie: `owner_session=${cookie.value}`,
      },
      body: reviewCall.body ?? undefined,
    })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('already sent')
    await callFunction(
      `${local.url}/functions/v1/send-quote-email`,
      { deliverDue: true },
      {
        Authorization: `Bearer ${local.keys.anon}`,
      },
    )
    expect(reviewMails()).toHaveLength(1)
    expect(
      queryJson(local.cluster, `SELECT count(*)::int AS n FROM public.quote_outbox WHERE kind = 'review_request'`),
    ).toEqual([{ n: 1 }])
  })
})
