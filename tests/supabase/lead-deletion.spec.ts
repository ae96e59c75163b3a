/**
 * Deleting leads on Supabase: the SQL on PostgreSQL 15 with the real pg_cron (the daily job the migration
 * schedules), the inbox owner's deletion under the claims PostgREST sets, and the photos removed from a LOCAL
 * STAND-IN for Supabase Storage by `npm run leads -- delete` and by send-quote-email's every-minute run.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { openLeadStore } from '../../app/server/owner/owner-client.server'
import { startLocalSupabase, type LocalSupabase } from '../support/supabase-local'
import { applyMigrations, psql, psqlOk, queryJson, startPostgres, type PgCluster } from '../support/supabase-postgres'
import { startStorageStandIn, type StorageStandIn } from '../support/storage-stand-in'
import { callFunction } from './support'

const OWNER_ID = randomUUID()
const OTHER_ID = randomUUID()

function claims(sub: string): string {
  return `SET request.jwt.claims TO '${JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' })}';\n`
}

/** A lead with its owner e-mail, webhook and push waiting, `months` after its arrival. */
function insertLead(cluster: PgCluster, firstName: string, months = 0): string {
  const id = randomUUID()
  psqlOk(
    cluster,
    `INSERT INTO public.quote_requests (id, first_name, email, phone, idempotency_key, created_at)
     VALUES ('${id}', '${firstName}', '${firstName.toLowerCase()}@example.com', '916-555-0150', 'del-${id}',
             now() - make_interval(months => ${months}));
     INSERT INTO public.quote_outbox (quote_request_id, kind)
     VALUES ('${id}', 'owner_notification'), ('${id}', 'lead_webhook'), ('${id}', 'owner_push');`,
    { user: 'supabase_admin' },
  )
  return id
}

const leadNames = (cluster: PgCluster) =>
  queryJson<{ first_name: string }>(cluster, `SELECT first_name FROM public.quote_requests ORDER BY first_name`, {
    user: 'supabase_admin',
  }).map((row) => row.first_name)

const outboxRows = (cluster: PgCluster, id: string) =>
  queryJson(cluster, `SELECT kind FROM public.quote_outbox WHERE quote_request_id = '${id}'`, {
    user: 'supabase_admin',
  })

const queued = (cluster: PgCluster) =>
  queryJson<{ lead_id: string }>(cluster, `SELECT lead_id FROM public.lead_file_purges ORDER BY lead_id`, {
    user: 'supabase_admin',
  }).map((row) => row.lead_id)

describe('lead deletion in SQL (PostgreSQL 15, the real pg_cron)', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPostgres({ cron: true })
    // As on a project where pg_cron was enabled before `supabase db push`.
    psqlOk(pg, `CREATE EXTENSION IF NOT EXISTS pg_cron; GRANT USAGE ON SCHEMA cron TO postgres;`, {
      user: 'supabase_admin',
    })
    applyMigrations(pg, { seed: false })
    psqlOk(pg, `INSERT INTO public.inbox_owners (user_id) VALUES ('${OWNER_ID}');`, { user: 'supabase_admin' })
  }, 120_000)
  afterAll(() => pg?.stop())

  const asUser = (sub: string, sql: string) => psql(pg, claims(sub) + sql, { role: 'authenticated' })

  it('the inbox owner deletes one lead with its pending deliveries; its photos are queued for removal', () => {
    const dana = insertLead(pg, 'Dana')
    insertLead(pg, 'Eve')
    const deleted = asUser(OWNER_ID, `SELECT public.owner_delete_lead('${dana}');`)
    expect(deleted.ok, deleted.stderr).toBe(true)
    expect(deleted.stdout).toBe('t')
    expect(leadNames(pg)).toEqual(['Eve'])
    expect(outboxRows(pg, dana)).toEqual([])
    expect(queued(pg)).toContain(dana)
    // Gone already: false, not an error.
    expect(asUser(OWNER_ID, `SELECT public.owner_delete_lead('${dana}');`).stdout).toBe('f')
  })

  it('another signed-in user and the anon key delete nothing; the owner still cannot delete table rows', () => {
    const frank = insertLead(pg, 'Frank')
    expect(asUser(OTHER_ID, `SELECT public.owner_delete_lead('${frank}');`).stderr).toMatch(/only the inbox owner/)
    expect(psql(pg, `SELECT public.owner_delete_lead('${frank}');`, { role: 'anon' }).stderr).toMatch(
      /permission denied/,
    )
    expect(asUser(OWNER_ID, `DELETE FROM public.quote_requests;`).stderr).toMatch(/permission denied/)
    for (const role of ['anon', 'authenticated'] as const)
      expect(psql(pg, `SELECT * FROM public.delete_expired_leads(1);`, { role }).stderr).toMatch(/permission denied/)
    expect(leadNames(pg)).toContain('Frank')
  })

  it('the daily pg_cron job deletes a lead last contacted 25 months ago and keeps one at 23 months', () => {
    psqlOk(pg, `DELETE FROM public.quote_requests; DELETE FROM public.lead_file_purges;`, { user: 'supabase_admin' })
    const old = insertLead(pg, 'Old', 25)
    insertLead(pg, 'Recent', 23)
    const worked = insertLead(pg, 'Worked', 25)
    // The owner's status change last week is the last contact.
    expect(
      asUser(OWNER_ID, `SELECT count(*) FROM public.owner_update_lead_v3('${worked}', 'quoted', '');`).stdout,
    ).toBe('1')

    const [job] = queryJson<{ schedule: string; command: string; username: string }>(
      pg,
      `SELECT schedule, command, username FROM cron.job WHERE jobname = 'delete-expired-leads'`,
      { user: 'supabase_admin' },
    )
    expect(job).toMatchObject({ schedule: '17 10 * * *', username: 'postgres' })
    // What pg_cron runs at 10:17, run now as the job's user.
    expect(psqlOk(pg, job!.command)).toBe('1')

    expect(leadNames(pg)).toEqual(['Recent', 'Worked'])
    expect(outboxRows(pg, old)).toEqual([])
    expect(queued(pg)).toEqual([old])
  })
})

describe('photos of deleted leads in Storage (local stand-ins for PostgREST RPC and Supabase Storage)', () => {
  let local: LocalSupabase
  let storage: StorageStandIn
  beforeAll(async () => {
    // The router answers /rest/v1/rpc/* and /functions/v1/*, and forwards /storage/v1/* to the stand-in.
    storage = await startStorageStandIn(() => local.keys.service)
    local = await startLocalSupabase({ names: ['send-quote-email'], db: 'rest', restFallbackUrl: storage.url })
  }, 240_000)
  afterAll(async () => {
    await local?.stop()
    await storage?.close()
  })

  it('npm run leads -- delete removes the lead and its photos with the service role key', async () => {
    const gina = insertLead(local.cluster, 'Gina')
    storage.objects.set(gina, ['1.webp', '2.webp'])
    const store = await openLeadStore(
      parseRuntimeConfig({ SUPABASE_URL: local.url, SUPABASE_SERVICE_ROLE_KEY: local.keys.service }),
      '',
    )
    expect(await store.delete(gina)).toBe(true)
    expect(leadNames(local.cluster)).not.toContain('Gina')
    expect(storage.objects.get(gina)).toEqual([])
    expect(queued(local.cluster)).not.toContain(gina)
    expect(await store.delete(gina)).toBe(false)
  })

  it('send-quote-email’s every-minute run removes the photos of leads the owner or the expiry deleted', async () => {
    const hank = insertLead(local.cluster, 'Hank', 25)
    storage.objects.set(hank, ['porch.webp'])
    psqlOk(local.cluster, `SELECT count(*) FROM public.delete_expired_leads();`, { user: 'supabase_admin' })
    expect(queued(local.cluster)).toEqual([hank])

    const run = await callFunction(
      `${local.url}/functions/v1/send-quote-email`,
      { deliverDue: true },
      { Authorization: `Bearer ${local.keys.anon}` },
    )
    expect(run.status).toBe(200)
    expect(storage.objects.get(hank)).toEqual([])
    expect(queued(local.cluster)).toEqual([])
    expect(storage.calls.some((call) => call.auth !== `Bearer ${local.keys.service}`)).toBe(false)
  })
})
