/**
 * Two site instances (the production build, each its own process) against one local Supabase stand-in:
 * the rate limits hold across both, and pg_cron delivers an owner e-mail that failed without a new lead.
 * STUBS: Resend's e-mail API and the REST table reads (PostgREST cannot run here); Vault and pg_net are
 * local stand-ins (tests/support/supabase-local.ts).
 */
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAssistantService } from '../../app/server/assistant/ask.server'
import { createBackend } from '../../app/server/backend/backend-factory.server'
import { createQuoteService } from '../../app/server/quote/quote-service.server'
import { startSupabaseStub, type SupabaseStub } from '../../e2e/support/supabase-stub'
import { SITE_ENTRY, startSiteProcess, type SiteProcess } from '../support/site-process'
import { psqlOk, queryJson } from '../support/supabase-postgres'
import { scheduleEmailRetry, startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { startEmailApiStub, waitFor, type EmailApiStub } from './support'
import { parseRuntimeConfig } from '../../app/server/config.server'

const OWNER = 'owner@delta-breeze.example'
const SITE_FUNCTION_SECRET = 'site-secret-instances-test-4d2a'
const QUOTE_LIMIT = 3

let local: LocalSupabase
let rest: SupabaseStub
let emailApi: EmailApiStub
let sites: SiteProcess[] = []

beforeAll(async () => {
  if (!existsSync(SITE_ENTRY)) throw new Error(`${SITE_ENTRY} is missing: run npm run build first`)
  ;[rest, emailApi] = await Promise.all([startSupabaseStub(), startEmailApiStub()])
  local = await startLocalSupabase({
    cron: true,
    restFallbackUrl: rest.url,
    functionEnv: () => ({
      RESEND_API_KEY: 're_local_instances_test_key',
      RESEND_API_URL: emailApi.url,
      QUOTE_NOTIFY_EMAIL: OWNER,
      SITE_FUNCTION_SECRET,
    }),
  })
  scheduleEmailRetry(local, { siteSecret: SITE_FUNCTION_SECRET })
  const env = {
    SUPABASE_URL: local.url,
    SUPABASE_ANON_KEY: local.keys.anon,
    SITE_FUNCTION_SECRET,
    QUOTE_RATE_LIMIT: String(QUOTE_LIMIT),
    // A form token is still required (and checked by either instance); the fill time is not waited out.
    QUOTE_MIN_FILL_MS: '0',
    TRUST_PROXY: '1',
  }
  sites = await Promise.all([startSiteProcess(env), startSiteProcess(env)])
})

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()))
  await local?.stop()
  await Promise.all([rest?.stop(), emailApi?.stop()])
})

/** The signed form token the contact page was rendered with. */
async function formToken(site: SiteProcess): Promise<string> {
  const html = await (await fetch(`${site.url}/contact`)).text()
  const token = html.match(/name="formToken" value="([^"]+)"/)?.[1]
  if (!token) throw new Error('no form token on /contact')
  return token
}

/** The no-JavaScript form post; answers the result page's status (sent, rate-limited, ...). */
async function postQuote(site: SiteProcess, visitor: string, firstName: string): Promise<string | null> {
  const token = await formToken(site)
  const response = await fetch(`${site.url}/quote-request`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: site.url,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': visitor,
    },
    body: new URLSearchParams({
      firstName,
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '9165550101',
      sourcePage: '/contact',
      formToken: token,
    }),
  })
  // A refusal is answered with the page itself (decision 046): its status says which.
  if (response.status === 429) return 'rate-limited'
  return new URL(response.headers.get('location') ?? '/', site.url).searchParams.get('status')
}

function leadsNamed(prefix: string): { first_name: string }[] {
  return queryJson(local.cluster, `SELECT first_name FROM public.quote_requests WHERE first_name LIKE '${prefix}%'`)
}

describe('two site instances on one Supabase project', () => {
  it('one visitor gets the quote limit once across both instances, even sending to both at once', async () => {
    const [a, b] = sites as [SiteProcess, SiteProcess]
    const visitor = '198.51.100.40'
    const statuses = await Promise.all(
      [a, b, a, b, a, b].map((site, i) => postQuote(site, visitor, `Limit${String.fromCharCode(65 + i)}`)),
    )
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(QUOTE_LIMIT)
    expect(statuses.filter((status) => status === 'rate-limited')).toHaveLength(6 - QUOTE_LIMIT)
    expect(await postQuote(a, visitor, 'LimitG')).toBe('rate-limited')
    expect(await postQuote(b, visitor, 'LimitH')).toBe('rate-limited')
    expect(leadsNamed('Limit')).toHaveLength(QUOTE_LIMIT)
    // Another visitor is not affected.
    expect(await postQuote(b, '198.51.100.41', 'Other')).toBe('sent')
  })

  it('quote and chat: a second instance answers 429 with Retry-After once the first used the limit (in-process services)', async () => {
    const env = { SUPABASE_URL: local.url, SUPABASE_ANON_KEY: local.keys.anon, SITE_FUNCTION_SECRET }
    const [first, second] = [createBackend(parseRuntimeConfig(env)), createBackend(parseRuntimeConfig(env))]
    const meta = { ip: '198.51.100.42', userAgent: 'instances-test' }
    const quoteServices = [first, second].map(() => createQuoteService({ rateLimit: 1, rateWindowMs: 60_000 }))
    const quote = (name: string) => ({
      firstName: name,
      email: `${name.toLowerCase()}@example.com`,
      phone: '916-555-0123',
      company: '',
      idempotencyKey: `instances-${name}-${Date.now()}`,
      sourcePage: '/',
    })
    expect(await quoteServices[0]!.handle(quote('Once'), meta, first)).toEqual({ status: 200, body: { success: true } })
    const refused = await quoteServices[1]!.handle(quote('Twice'), meta, second)
    expect(refused).toMatchObject({ status: 429, body: { success: false, reason: 'rate-limited' } })
    expect(refused.retryAfterSeconds).toBeGreaterThan(50)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)

    const chats = [first, second].map((backend) =>
      createAssistantService({
        rateLimit: 2,
        rateWindowMs: 60_000,
        ask: (message, limit) => backend.askAssistant(message, limit),
        sharedRateLimits: () => true,
      }),
    )
    expect((await chats[0]!.reply('What are your hours?', meta)).response).toMatch(/\S/)
    expect((await chats[1]!.reply('Do you serve Elk Grove?', meta)).response).toMatch(/\S/)
    await expect(chats[0]!.reply('How much for a driveway?', meta)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: expect.any(Number),
    })
    await Promise.all([first.close(), second.close()])
  })

  it('the shared limit is a sliding window: a refused hit is not recorded, and expired hits are deleted', async () => {
    const hit = (key: string, windowMs: number) =>
      queryJson<{ allowed: boolean; retry_after_ms: number }>(
        local.cluster,
        `SELECT * FROM public.hit_rate_limit('window-test', '${key}', 2, ${windowMs})`,
        { role: 'service_role' },
      )[0]!
    const stored = (key: string) =>
      queryJson(local.cluster, `SELECT hit_at FROM public.rate_limit_hits WHERE key = '${key}'`).length
    // A visitor who never came back, an hour ago.
    psqlOk(
      local.cluster,
      `INSERT INTO public.rate_limit_hits (bucket, key, hit_at) VALUES ('window-test', 'gone', now() - interval '1 hour')`,
    )
    expect(hit('visitor', 1500)).toEqual({ allowed: true, retry_after_ms: 0 })
    expect(stored('gone')).toBe(0)
    expect(hit('visitor', 1500)).toEqual({ allowed: true, retry_after_ms: 0 })
    const refused = hit('visitor', 1500)
    expect(refused.allowed).toBe(false)
    expect(refused.retry_after_ms).toBeGreaterThan(0)
    expect(refused.retry_after_ms).toBeLessThanOrEqual(1500)
    expect(stored('visitor')).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect(hit('visitor', 1500)).toEqual({ allowed: true, retry_after_ms: 0 })
    expect(stored('visitor')).toBe(1)
    // Neither the site's anon key nor a signed-in user may count or read hits.
    for (const role of ['anon', 'authenticated']) {
      expect(() =>
        psqlOk(local.cluster, `SELECT * FROM public.hit_rate_limit('quote', 'x', 1, 1000)`, { role }),
      ).toThrow(/permission denied/)
      expect(() => psqlOk(local.cluster, 'SELECT * FROM public.rate_limit_hits', { role })).toThrow(/permission denied/)
    }
  })

  it('an owner e-mail that failed is delivered by the pg_cron schedule, with no new quote', async () => {
    const sent = () =>
      emailApi.calls.filter((call) => JSON.stringify(call.body).includes('New quote request from Late'))
    emailApi.failNext(1)
    expect(await postQuote(sites[0]!, '198.51.100.43', 'Late')).toBe('sent')
    expect(leadsNamed('Late')).toHaveLength(1)
    // The first attempt, answered 500, goes out after the visitor's answer.
    await waitFor(() => sent().length === 1)
    const quotesBefore = queryJson(local.cluster, 'SELECT id FROM public.quote_requests').length

    // pg_cron 1.4 runs at most once a minute; the failed attempt waits out its backoff (about 5 s) first.
    await waitFor(() => sent().length >= 2, 150_000)
    const delivered = sent().at(-1)!.body as { to: string[]; text: string }
    expect(delivered.to).toEqual([OWNER])
    expect(delivered.text).toContain('Page:     /contact\n')
    const outbox = queryJson<{ sent_at: string | null; attempts: number }>(
      local.cluster,
      `SELECT o.sent_at, o.attempts FROM public.quote_outbox o
         JOIN public.quote_requests q ON q.id = o.quote_request_id
        WHERE q.first_name = 'Late' AND o.kind = 'owner_notification'`,
    )
    expect(outbox).toEqual([{ sent_at: expect.any(String), attempts: 2 }])
    expect(queryJson(local.cluster, 'SELECT id FROM public.quote_requests')).toHaveLength(quotesBefore)
    // The run is marked done only after the function it called has answered, so a moment after the e-mail.
    const statuses = () =>
      queryJson<{ status: string }>(local.cluster, 'SELECT status FROM cron.job_run_details', {
        user: 'supabase_admin',
      }).map((run) => run.status)
    await waitFor(() => statuses().includes('succeeded'), 10_000).catch(() => undefined)
    expect(statuses()).toContain('succeeded')
  }, 200_000)
})
