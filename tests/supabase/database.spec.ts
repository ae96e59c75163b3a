/**
 * The one schema (supabase/migrations + seed.sql) on a fresh PGlite and on Debian's PostgreSQL 15
 * set up with Supabase's roles and default privileges, and its row level security as the
 * anonymous role. Hosted Supabase is not reachable from here; this is real Postgres 15.
 */
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyMigrations,
  migrationFiles,
  psql,
  psqlOk,
  queryJson,
  SEED_FILE,
  startPostgres,
  type PgCluster,
} from '../support/supabase-postgres'

const TABLES = [
  'quote_requests',
  'quote_outbox',
  'app_settings',
  'pressure_washing_videos',
  'service_videos',
  'reviews',
]
const PRIVATE = ['quote_requests', 'quote_outbox', 'app_settings', 'owner_sign_in_links', 'owner_push_subscriptions']
const VIDEO_TABLES = ['pressure_washing_videos', 'service_videos']
const RPCS = [
  "record_quote_request('A','a@example.com','9165550100','rpc-key-0001')",
  'claim_quote_outbox_v2(10, 1000)',
  "finish_quote_outbox('00000000-0000-0000-0000-000000000000')",
  'list_published_reviews()',
  "cache_google_reviews('[]')",
  'google_reviews_fetched_at()',
  'owner_list_leads_v3()',
  "owner_set_lead_status('00000000-0000-0000-0000-000000000000', 'won')",
]

describe('migrations apply cleanly to a fresh PGlite', () => {
  it('runs every migration and the seed, with RLS on every table and the functions callable as service_role', async () => {
    const db = await PGlite.create()
    try {
      for (const file of migrationFiles()) await db.exec(readFileSync(file, 'utf8'))
      await db.exec(readFileSync(SEED_FILE, 'utf8'))
      const tables = await db.query<{ tablename: string; rowsecurity: boolean }>(
        `SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
      for (const t of TABLES) expect(tables.rows.find((r) => r.tablename === t)?.rowsecurity, t).toBe(true)
      await db.exec('SET ROLE service_role')
      const lead = await db.query<{ lead_id: string; duplicate: boolean }>(
        `SELECT * FROM public.record_quote_request('Ann', 'ann@example.com', '9165550100', 'pglite-key-1')`,
      )
      expect(lead.rows[0]?.duplicate).toBe(false)
      const again = await db.query<{ lead_id: string; duplicate: boolean }>(
        `SELECT * FROM public.record_quote_request('Ann', 'ann@example.com', '9165550100', 'pglite-key-1')`,
      )
      expect(again.rows[0]).toEqual({ ...lead.rows[0], duplicate: true })
      const reviews = await db.query(`SELECT * FROM public.list_published_reviews()`)
      expect(reviews.rows.length).toBe(7)
    } finally {
      await db.close()
    }
  })
})

describe('PostgreSQL 15 with Supabase roles', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPostgres()
  })
  afterAll(() => pg?.stop())

  it('the migrations and the seed apply cleanly as the non-superuser `postgres` role, and re-apply harmlessly', () => {
    expect(psqlOk(pg, 'SHOW server_version_num;')).toMatch(/^15\d{4}$/)
    expect(queryJson(pg, `SELECT rolsuper FROM pg_roles WHERE rolname = 'postgres'`)).toEqual([{ rolsuper: false }])
    const applied = applyMigrations(pg)
    expect(applied).toEqual(migrationFiles().map((f) => f.slice(f.lastIndexOf('/') + 1)))
    const tables = queryJson<{ tablename: string; rowsecurity: boolean }>(
      pg,
      `SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public'`,
    )
    for (const t of TABLES) expect(tables.find((r) => r.tablename === t)?.rowsecurity, t).toBe(true)
    // Sample data is marked as such.
    expect(queryJson(pg, `SELECT DISTINCT source FROM public.reviews`)).toEqual([{ source: 'sample' }])
    expect(readFileSync(SEED_FILE, 'utf8')).toMatch(/SAMPLE DATA/)
    // Every statement is idempotent (IF NOT EXISTS / OR REPLACE / DROP … IF EXISTS).
    expect(() => applyMigrations(pg, { seed: false })).not.toThrow()
  })

  describe('row level security', () => {
    beforeAll(() => {
      psqlOk(
        pg,
        `TRUNCATE public.quote_requests CASCADE;
         INSERT INTO public.pressure_washing_videos (title, video_url, is_featured) VALUES ('Featured', '/f.mp4', true), ('Old', '/o.mp4', false);
         INSERT INTO public.service_videos (title, video_url, is_featured) VALUES ('Featured', '/s.mp4', true), ('Draft', '/d.mp4', false);
         UPDATE public.reviews SET published = false WHERE author = 'Tom R.';`,
      )
      psqlOk(
        pg,
        `SELECT * FROM public.record_quote_request('Ann', 'ann@example.com', '9165550100', 'rls-test-key-1');`,
        {
          role: 'service_role',
        },
      )
    })

    const denied = (sql: string, role = 'anon') => {
      const r = psql(pg, sql, { role })
      expect(r.ok, `${role}: ${sql} should fail`).toBe(false)
      return r.stderr
    }

    for (const role of ['anon', 'authenticated']) {
      it(`${role}: reading quote requests (and the outbox and settings) returns nothing — permission denied`, () => {
        // authenticated may read leads and push subscriptions through RLS, which shows the inbox owner only
        // (owner-inbox.spec.ts, owner-alerts.spec.ts).
        const throughRls = ['quote_requests', 'owner_push_subscriptions']
        for (const table of PRIVATE.filter((t) => role === 'anon' || !throughRls.includes(t))) {
          expect(denied(`SELECT * FROM public.${table};`, role)).toMatch(/42501: permission denied/)
          expect(denied(`SELECT count(*) FROM public.${table};`, role)).toMatch(/42501/)
        }
        if (role === 'authenticated')
          for (const table of throughRls) expect(queryJson(pg, `SELECT * FROM public.${table}`, { role })).toEqual([])
      })

      it(`${role}: cannot insert, update, delete or truncate quote requests`, () => {
        expect(
          denied(
            `INSERT INTO public.quote_requests (first_name, email, phone, idempotency_key) VALUES ('a','a@b.co','9165550100','anon-insert-1');`,
            role,
          ),
        ).toMatch(/42501/)
        if (role === 'anon') expect(denied(`UPDATE public.quote_requests SET status = 'won';`, role)).toMatch(/42501/)
        else expect(psqlOk(pg, `UPDATE public.quote_requests SET status = 'won' RETURNING id;`, { role })).toBe('')
        expect(denied(`UPDATE public.quote_requests SET email = 'x@example.com';`, role)).toMatch(/42501/)
        expect(denied(`DELETE FROM public.quote_requests;`, role)).toMatch(/42501/)
        expect(denied(`TRUNCATE public.quote_requests CASCADE;`, role)).toMatch(/42501/)
        expect(denied(`INSERT INTO public.quote_outbox (quote_request_id) SELECT gen_random_uuid();`, role)).toMatch(
          /42501/,
        )
        // Still exactly the one lead written by the service role.
        expect(queryJson(pg, 'SELECT first_name FROM public.quote_requests')).toEqual([{ first_name: 'Ann' }])
      })

      it(`${role}: cannot call the functions that write leads or caches (service role only)`, () => {
        for (const call of RPCS)
          expect(denied(`SELECT * FROM public.${call};`, role)).toMatch(/42501: permission denied for function/)
      })

      it(`${role}: reads the featured video of each table, and only that one`, () => {
        expect(queryJson(pg, 'SELECT video_url FROM public.pressure_washing_videos', { role })).toEqual([
          { video_url: '/f.mp4' },
        ])
        expect(queryJson(pg, 'SELECT video_url FROM public.service_videos', { role })).toEqual([
          { video_url: '/s.mp4' },
        ])
        // The site's query shape: is_featured = true, limit 1.
        expect(
          queryJson(pg, 'SELECT title FROM public.service_videos WHERE is_featured = true LIMIT 1', { role }),
        ).toEqual([{ title: 'Featured' }])
      })

      it(`${role}: reads published reviews only`, () => {
        const visible = queryJson<{ author: string }>(pg, 'SELECT author FROM public.reviews', { role })
        const total = queryJson<{ n: number }>(pg, 'SELECT count(*)::int AS n FROM public.reviews')[0]!.n
        expect(visible.length).toBe(total - 1)
        expect(visible.map((r) => r.author)).not.toContain('Tom R.')
      })

      it(`${role}: cannot change videos or reviews`, () => {
        for (const table of [...VIDEO_TABLES, 'reviews']) {
          expect(denied(`DELETE FROM public.${table};`, role)).toMatch(/42501/)
          expect(denied(`UPDATE public.${table} SET created_at = now();`, role)).toMatch(/42501/)
          expect(denied(`TRUNCATE public.${table};`, role)).toMatch(/42501/)
        }
        expect(
          denied(`INSERT INTO public.pressure_washing_videos (video_url, is_featured) VALUES ('/x.mp4', false);`, role),
        ).toMatch(/42501/)
        expect(
          denied(`INSERT INTO public.reviews (author, rating, text, review_date) VALUES ('x', 5, 'y', now());`, role),
        ).toMatch(/42501/)
      })
    }

    it('service_role reads and writes leads (RLS bypassed), as the functions do', () => {
      expect(queryJson(pg, 'SELECT first_name FROM public.quote_requests', { role: 'service_role' })).toEqual([
        { first_name: 'Ann' },
      ])
      expect(queryJson(pg, 'SELECT count(*)::int AS n FROM public.quote_outbox', { role: 'service_role' })).toEqual([
        { n: 1 },
      ])
    })

    it('the database allows at most one featured row per table', () => {
      for (const table of VIDEO_TABLES) {
        const second = psql(pg, `INSERT INTO public.${table} (video_url, is_featured) VALUES ('/second.mp4', true);`)
        expect(second.ok).toBe(false)
        expect(second.stderr).toMatch(/23505: duplicate key value violates unique constraint "\w+_one_featured_idx"/)
        const promote = psql(pg, `UPDATE public.${table} SET is_featured = true WHERE NOT is_featured;`)
        expect(promote.stderr).toMatch(/23505/)
        // Swapping the featured video in one transaction works and keeps exactly one.
        psqlOk(
          pg,
          `BEGIN;
           UPDATE public.${table} SET is_featured = false WHERE is_featured;
           UPDATE public.${table} SET is_featured = true WHERE id = (SELECT id FROM public.${table} WHERE NOT is_featured ORDER BY created_at LIMIT 1);
           COMMIT;`,
        )
        expect(queryJson(pg, `SELECT count(*)::int AS n FROM public.${table} WHERE is_featured`)).toEqual([{ n: 1 }])
      }
    })
  })
})
