/**
 * The functions' production data path, `rpc()` through PostgREST, which cannot run here: a LOCAL STAND-IN
 * checks the calls (names, arguments, the service role's grants), not PostgREST itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryJson } from '../support/supabase-postgres'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { startSmtp, type TestSmtp } from '../server/helpers'
import { callFunction } from './support'

let local: LocalSupabase
let smtp: TestSmtp

beforeAll(async () => {
  smtp = await startSmtp()
  local = await startLocalSupabase({
    names: ['send-quote-email', 'fetch-reviews'],
    db: 'rest',
    functionEnv: () => ({ SMTP_URL: smtp.url, CUSTOMER_ACKNOWLEDGEMENT: 'off' }),
  })
})
afterAll(async () => {
  await local?.stop()
  await smtp?.close()
})

describe('functions over supabase-js rpc (local stand-in for PostgREST RPC: PostgREST cannot run here)', () => {
  const auth = () => ({ Authorization: `Bearer ${local.keys.anon}` })

  it('send-quote-email stores the lead and e-mails it through record/claim/finish RPCs with the service role', async () => {
    const result = await callFunction(
      `${local.url}/functions/v1/send-quote-email`,
      { firstName: 'Rex', email: 'rex@example.com', phone: '916-555-0170' },
      auth(),
    )
    expect(result).toMatchObject({ status: 200, json: { success: true } })
    expect(queryJson(local.cluster, 'SELECT first_name FROM public.quote_requests')).toEqual([{ first_name: 'Rex' }])
    // The e-mail goes out after the answer.
    await expect
      .poll(() => queryJson(local.cluster, 'SELECT sent_at IS NOT NULL AS sent FROM public.quote_outbox'))
      .toEqual([{ sent: true }])
    expect(smtp.received.map((m) => m.mail.subject)).toEqual(['New quote request from Rex'])
    const rpcs = local.router.requests.filter((r) => r.path.startsWith('/rest/v1/rpc/')).map((r) => r.path)
    expect(rpcs).toEqual([
      '/rest/v1/rpc/record_quote_request',
      '/rest/v1/rpc/claim_quote_outbox_v3',
      '/rest/v1/rpc/finish_quote_outbox',
    ])
  })

  it('fetch-reviews reads the published reviews through list_published_reviews', async () => {
    const result = await callFunction(`${local.url}/functions/v1/fetch-reviews`, undefined, auth())
    expect(result.status).toBe(200)
    expect((result.json as { reviews: unknown[] }).reviews).toHaveLength(7)
    expect(local.router.requests.some((r) => r.path === '/rest/v1/rpc/list_published_reviews')).toBe(true)
  })

  it('the anon key cannot call the lead-writing RPC (permission denied), so leads are written only by the functions', async () => {
    const result = await callFunction(
      `${local.url}/rest/v1/rpc/record_quote_request`,
      { p_first_name: 'Mallory', p_email: 'm@example.com', p_phone: '9165550100', p_idempotency_key: 'anon-direct-1' },
      { apikey: local.keys.anon, Authorization: `Bearer ${local.keys.anon}` },
    )
    expect(result.status).toBe(401)
    expect(result.json).toMatchObject({ code: '42501' })
    expect(
      queryJson(local.cluster, `SELECT count(*)::int AS n FROM public.quote_requests WHERE first_name = 'Mallory'`),
    ).toEqual([{ n: 0 }])
  })
})
