/**
 * `npm run leads` on Supabase: the owner's service role key calls owner_list_leads_v3 / owner_set_lead_status
 * through RPC. PostgREST cannot run here: a LOCAL STAND-IN for its RPC endpoint runs them on PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { openLeadStore } from '../../app/server/owner/owner-client.server'
import { psqlOk, queryJson } from '../support/supabase-postgres'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { callFunction } from './support'

let local: LocalSupabase

beforeAll(async () => {
  local = await startLocalSupabase({ names: [], db: 'rest' })
  psqlOk(
    local.cluster,
    `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_page, spam_reason,
                                       service_street, service_zip, preferred_time, outside_area)
     VALUES ('Dana', 'dana@example.com', '916-555-0150', 'new', 'owner-leads-dana-1', '/contact', NULL,
             '12 Oak St', '95814', 'morning', true),
            ('Bot', 'bot@example.com', '916-555-0151', 'suspected_spam', 'owner-leads-bot-1', '/', 'honeypot',
             NULL, NULL, NULL, NULL);`,
    { user: 'supabase_admin' },
  )
})
afterAll(async () => {
  await local?.stop()
})

const ownerConfig = (key?: string) =>
  parseRuntimeConfig({ SUPABASE_URL: local.url, ...(key ? { SUPABASE_SERVICE_ROLE_KEY: key } : {}) })

describe('the owner lead list on Supabase (local stand-in for PostgREST RPC: PostgREST cannot run here)', () => {
  it('lists the leads with the service role key, filtered by status, and changes a status', async () => {
    const store = await openLeadStore(ownerConfig(local.keys.service), '')
    expect(store.via).toBe('supabase')
    const leads = await store.list({})
    expect(leads.map((lead) => [lead.first_name, lead.status, lead.spam_reason])).toEqual(
      expect.arrayContaining([
        ['Dana', 'new', null],
        ['Bot', 'suspected_spam', 'honeypot'],
      ]),
    )
    const dana = (await store.list({ status: 'new' }))[0]!
    expect(dana).toMatchObject({
      first_name: 'Dana',
      email: 'dana@example.com',
      source_page: '/contact',
      service_street: '12 Oak St',
      service_zip: '95814',
      preferred_time: 'morning',
      outside_area: true,
    })
    expect(await store.setStatus(dana.id, 'quoted')).toEqual({ id: dana.id, status: 'quoted' })
    expect(queryJson(local.cluster, `SELECT status FROM public.quote_requests WHERE first_name = 'Dana'`)).toEqual([
      { status: 'quoted' },
    ])
    expect(await store.setStatus('00000000-0000-4000-8000-000000000000', 'won')).toBeNull()
  })

  it('lists where each lead came from, and the won ad clicks as `npm run leads -- conversions` prints them', async () => {
    psqlOk(
      local.cluster,
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_channel,
                                         heard_about, landing_path, source_tags)
       VALUES ('Ada', 'ada@example.com', '916-555-0160', 'new', 'owner-leads-ada-1', 'paid_search', 'ad',
               '/services', '{"gclid": "EAIaIQob-cli-1", "utm_campaign": "spring"}');
       UPDATE public.quote_requests SET status = 'won', job_value = 480 WHERE first_name = 'Ada';`,
      { user: 'supabase_admin' },
    )
    const store = await openLeadStore(ownerConfig(local.keys.service), '')
    const [ada] = await store.list({ status: 'won' })
    expect(ada).toMatchObject({
      first_name: 'Ada',
      source_channel: 'paid_search',
      heard_about: 'ad',
      landing_path: '/services',
      source_tags: { gclid: 'EAIaIQob-cli-1', utm_campaign: 'spring' },
      job_value: 480,
      won_at: expect.any(String),
    })
    expect(await store.conversions()).toEqual([
      { id: ada!.id, gclid: 'EAIaIQob-cli-1', wonAt: ada!.won_at, jobValue: 480 },
    ])
    expect(await store.conversions(new Date(Date.now() + 60_000).toISOString())).toEqual([])
  })

  it('asks for the service role key rather than trying without it', async () => {
    await expect(openLeadStore(ownerConfig(), '')).rejects.toThrow(/set SUPABASE_SERVICE_ROLE_KEY/)
  })

  it('the public anon key can neither list leads nor change them', async () => {
    const headers = { apikey: local.keys.anon, Authorization: `Bearer ${local.keys.anon}` }
    const list = await callFunction(`${local.url}/rest/v1/rpc/owner_list_leads_v3`, {}, headers)
    expect(list.status).toBe(401)
    expect(JSON.stringify(list.json)).not.toContain('dana@example.com')
    const change = await callFunction(
      `${local.url}/rest/v1/rpc/owner_set_lead_status`,
      { p_id: '00000000-0000-4000-8000-000000000000', p_status: 'won' },
      headers,
    )
    expect(change.status).toBe(401)
    const conversions = await callFunction(`${local.url}/rest/v1/rpc/owner_conversions`, {}, headers)
    expect(conversions.status).toBe(401)
  })
})
