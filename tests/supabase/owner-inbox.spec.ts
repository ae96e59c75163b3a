/**
 * The owner's inbox on Supabase: row level security for the inbox owner on PostgreSQL 15 (claims set as
 * PostgREST sets them), and the sign-in through Supabase Auth's e-mail link against a LOCAL STAND-IN for
 * hosted Supabase Auth (GoTrue cannot run here).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations, psql, psqlOk, queryJson, startPostgres, type PgCluster } from '../support/supabase-postgres'

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
      `INSERT INTO public.quote_requests (first_name, email, phone, status, idempotency_key, source_page)
       VALUES ('Dana', 'dana@example.com', '916-555-0150', 'new', 'owner-rls-dana-1', '/services/driveway-cleaning'),
              ('Bot', 'bot@example.com', '916-555-0151', 'suspected_spam', 'owner-rls-bot-1', '/');
       INSERT INTO public.inbox_owners (user_id) VALUES ('${OWNER_ID}');`,
      { user: 'supabase_admin' },
    )
    leadId = queryJson<{ id: string }>(pg, `SELECT id FROM public.quote_requests WHERE first_name = 'Dana'`)[0]!.id
  })
  afterAll(() => pg?.stop())

  const asUser = (sub: string, sql: string) => psql(pg, claims(sub) + sql, { role: 'authenticated' })

  it('the owner reads the inbox (spam left out) and changes a status and a note', () => {
    const list = asUser(OWNER_ID, `SELECT jsonb_agg(to_jsonb(f)) FROM public.owner_inbox_leads() f;`)
    expect(list.ok, list.stderr).toBe(true)
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ first_name: 'Dana', email: 'dana@example.com', status: 'new', owner_note: null }),
    ])
    const update = asUser(
      OWNER_ID,
      `SELECT to_jsonb(f) FROM public.owner_update_lead('${leadId}', 'quoted', 'Call after 5') f;`,
    )
    expect(update.ok, update.stderr).toBe(true)
    expect(JSON.parse(update.stdout)).toMatchObject({ id: leadId, status: 'quoted', owner_note: 'Call after 5' })
    expect(queryJson(pg, `SELECT status, owner_note FROM public.quote_requests WHERE id = '${leadId}'`)).toEqual([
      { status: 'quoted', owner_note: 'Call after 5' },
    ])
  })

  it('the owner can change only the status and the note, and only to a status the inbox sets', () => {
    expect(asUser(OWNER_ID, `UPDATE public.quote_requests SET email = 'x@example.com';`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `DELETE FROM public.quote_requests;`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `SELECT * FROM public.inbox_owners;`).stderr).toMatch(/42501/)
    expect(asUser(OWNER_ID, `SELECT * FROM public.quote_outbox;`).stderr).toMatch(/42501/)
    const archived = asUser(OWNER_ID, `SELECT count(*) FROM public.owner_update_lead('${leadId}', 'archived', '');`)
    expect(archived.stdout).toBe('0')
  })

  it('another signed-in user sees no lead and changes nothing', () => {
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.owner_inbox_leads();`).stdout).toBe('0')
    expect(asUser(OTHER_ID, `SELECT count(*) FROM public.quote_requests;`).stdout).toBe('0')
    expect(
      asUser(OTHER_ID, `SELECT count(*) FROM public.owner_update_lead('${leadId}', 'lost', 'mine now');`).stdout,
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
    expect(anon(`SELECT * FROM public.owner_inbox_leads();`).stderr).toMatch(/42501: permission denied for function/)
    expect(anon(`SELECT * FROM public.owner_update_lead('${leadId}', 'won', '');`).stderr).toMatch(/42501/)
    expect(anon(`SELECT * FROM public.quote_requests;`).stderr).toMatch(/42501/)
  })
})
