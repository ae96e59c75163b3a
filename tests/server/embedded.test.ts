import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmbeddedBackend, setFeaturedVideo, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { bundledMigrations } from '../../app/server/backend/bundled-schema.server'
import { createBackend } from '../../app/server/backend/backend-factory.server'
import { useTempDirs } from './helpers'
import { parseRuntimeConfig } from '../../app/server/config.server'

const run = promisify(execFile)
const tempDir = useTempDirs()
const open: EmbeddedBackend[] = []

function backend(dataDir: string, extra: Parameters<typeof createEmbeddedBackend>[0] = {}): EmbeddedBackend {
  const b = createEmbeddedBackend({ config: parseRuntimeConfig({}), dataDir, ...extra })
  open.push(b)
  return b
}

afterEach(async () => {
  for (const b of open.splice(0)) await b.close()
})

// Each test creates a fresh PGlite database (initdb takes a few seconds), so allow for slow machines.
describe('embedded backend (PGlite)', { timeout: 90_000 }, () => {
  it('applies the migrations on a fresh dir, seeds once, and does not re-apply them on reopen', async () => {
    const dir = await tempDir()
    const first = backend(dir)
    const db = await first.db()
    const applied = await db.query<{ name: string; applied_at: Date }>(
      'SELECT name, applied_at FROM schema_migrations ORDER BY name',
    )
    expect(applied.rows.map((r) => r.name)).toEqual(bundledMigrations.map((m) => m.name))
    expect(applied.rows.map((r) => r.name)).toContain('20260101000000_init.sql')
    const tables = await db.query<{ tablename: string; rowsecurity: boolean }>(
      `SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
    for (const t of ['quote_requests', 'quote_outbox', 'pressure_washing_videos', 'service_videos', 'reviews']) {
      expect(tables.rows.find((r) => r.tablename === t)?.rowsecurity).toBe(true)
    }
    const seeded = (await first.reviews()).length
    expect(seeded).toBeGreaterThanOrEqual(6)
    await first.close()

    // Reopen with one extra migration: only that one runs; the seed does not run again.
    const extra = { name: '20990101000000_extra.sql', sql: 'CREATE TABLE extra_table (id int);' }
    const second = backend(dir, { migrations: [...bundledMigrations, extra] })
    const db2 = await second.db()
    const again = await db2.query<{ name: string; applied_at: Date }>(
      'SELECT name, applied_at FROM schema_migrations ORDER BY name',
    )
    expect(again.rows.map((r) => r.name)).toEqual([...bundledMigrations.map((m) => m.name), extra.name])
    expect(again.rows[0]?.applied_at.getTime()).toBe(applied.rows[0]?.applied_at.getTime())
    expect((await second.reviews()).length).toBe(seeded)
    await second.close()

    // Third open: nothing pending, nothing fails (the init SQL would fail on duplicate policies if re-run naively).
    const third = backend(dir, { migrations: [...bundledMigrations, extra] })
    const db3 = await third.db()
    expect((await db3.query('SELECT name FROM schema_migrations')).rows.length).toBe(bundledMigrations.length + 1)
  })

  it('serves the seeded sample reviews in the Review shape', async () => {
    const b = backend(await tempDir())
    const reviews = await b.reviews()
    expect(reviews.length).toBeGreaterThanOrEqual(6)
    expect(reviews.length).toBeLessThanOrEqual(8)
    for (const r of reviews) {
      expect(typeof r.id).toBe('string')
      expect(r.author).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/)
      expect(r.rating).toBeGreaterThanOrEqual(4)
      expect(r.rating).toBeLessThanOrEqual(5)
      expect(r.date).toMatch(/^202[56]-\d\d-\d\d$/)
      expect(r.text.length).toBeGreaterThan(0)
      expect('avatar' in r).toBe(false)
    }
    expect(reviews.filter((r) => r.text.length > 120).length).toBeGreaterThanOrEqual(2)
    // newest first
    const dates = reviews.map((r) => r.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    const db = await b.db()
    const sources = await db.query<{ source: string }>('SELECT DISTINCT source FROM reviews')
    expect(sources.rows).toEqual([{ source: 'sample' }])
    // unpublished reviews are hidden
    await db.query(`UPDATE reviews SET published = false WHERE author = $1`, [reviews[0]?.author])
    expect((await b.reviews()).length).toBe(reviews.length - 1)
  })

  it('has no featured video by default; one can be set (empty mime => video/mp4)', async () => {
    const b = backend(await tempDir())
    expect(await b.featuredVideo('pressure_washing_videos')).toBeNull()
    expect(await b.featuredVideo('service_videos')).toBeNull()
    const db = await b.db()

    const id = await setFeaturedVideo(db, 'pressure_washing_videos', '/videos/hero.mp4', '', 'Hero')
    const video = await b.featuredVideo('pressure_washing_videos')
    expect(video).toMatchObject({
      id,
      video_url: '/videos/hero.mp4',
      mime_type: 'video/mp4',
      is_featured: true,
      title: 'Hero',
    })
    expect(video?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(await b.featuredVideo('service_videos')).toBeNull()

    await db.query(`INSERT INTO service_videos (video_url, mime_type, is_featured) VALUES ('/v.webm', NULL, true)`)
    expect((await b.featuredVideo('service_videos'))?.mime_type).toBe('video/mp4')

    // Replacing the featured video keeps exactly one featured row.
    await setFeaturedVideo(db, 'pressure_washing_videos', 'https://cdn.example.com/b.webm', 'video/webm')
    expect(await b.featuredVideo('pressure_washing_videos')).toMatchObject({
      video_url: 'https://cdn.example.com/b.webm',
      mime_type: 'video/webm',
    })
    const count = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pressure_washing_videos WHERE is_featured',
    )
    expect(count.rows[0]?.n).toBe(1)

    await expect(b.featuredVideo('users' as never)).rejects.toThrow(/Unknown video table/)
  })

  it('allows at most one featured row per table', async () => {
    const b = backend(await tempDir())
    const db = await b.db()
    for (const table of ['pressure_washing_videos', 'service_videos']) {
      await db.query(`INSERT INTO ${table} (video_url, is_featured) VALUES ('/a.mp4', true)`)
      await db.query(`INSERT INTO ${table} (video_url, is_featured) VALUES ('/b.mp4', false)`)
      await expect(
        db.query(`INSERT INTO ${table} (video_url, is_featured) VALUES ('/c.mp4', true)`),
      ).rejects.toMatchObject({ code: '23505' })
    }
  })

  it('row level security: anon reads featured videos and published reviews only, never leads', async () => {
    const b = backend(await tempDir())
    const db = await b.db()
    await db.query(
      `INSERT INTO pressure_washing_videos (video_url, is_featured) VALUES ('/f.mp4', true), ('/n.mp4', false)`,
    )
    await db.query(`UPDATE reviews SET published = false WHERE id = (SELECT id FROM reviews LIMIT 1)`)
    const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews')
    await b.submitQuote({
      firstName: 'Ann',
      email: 'ann@example.com',
      phone: '9165550100',
      idempotencyKey: 'rls-test-key-1',
      status: 'new',
      spamReason: null,
      sourcePage: '/',
      userAgent: null,
      ipHash: null,
    })
    await db.exec('SET ROLE anon')
    try {
      const videos = await db.query<{ video_url: string }>('SELECT video_url FROM pressure_washing_videos')
      expect(videos.rows).toEqual([{ video_url: '/f.mp4' }])
      const reviews = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews')
      expect(reviews.rows[0]?.n).toBe((total.rows[0]?.n ?? 0) - 1)
      await expect(db.query('SELECT * FROM quote_requests')).rejects.toThrow(/permission denied/)
      await expect(db.query('SELECT * FROM quote_outbox')).rejects.toThrow(/permission denied/)
      await expect(
        db.query(
          `INSERT INTO quote_requests (first_name, email, phone, idempotency_key) VALUES ('a','a@b.co','1','xxxxxxxx')`,
        ),
      ).rejects.toThrow(/permission denied/)
      await expect(
        db.query(`INSERT INTO reviews (author, rating, text, review_date) VALUES ('x', 5, 'y', now())`),
      ).rejects.toThrow(/permission denied/)
    } finally {
      await db.exec('RESET ROLE')
    }
  })

  it('shares one PGlite per directory in a process and refuses a directory locked by another live process', async () => {
    const dir = await tempDir()
    const a = backend(dir)
    const b = backend(dir)
    expect(await a.db()).toBe(await b.db())
    await a.close()
    expect((await b.reviews()).length).toBeGreaterThan(0) // still open for b
    await b.close()
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false)

    // Another holder's lock (its directory, freshly touched) is refused; one left by a dead process
    // (not refreshed for longer than the stale time) is taken over.
    const locked = await tempDir()
    mkdirSync(join(locked, 'pglite.lock'))
    const c = backend(locked, { lockWaitMs: 0 })
    await expect(c.ready()).rejects.toThrow(/in use by another process/)

    const stale = await tempDir()
    mkdirSync(join(stale, 'pglite.lock'))
    const longAgo = new Date(Date.now() - 60_000)
    utimesSync(join(stale, 'pglite.lock'), longAgo, longAgo)
    const d = backend(stale, { lockWaitMs: 0 })
    await d.ready()
    expect(await d.featuredVideo('service_videos')).toBeNull()
  })

  it('after a failed open, callers get the same failure at once until the back-off ends, then it opens', async () => {
    const dir = await tempDir()
    mkdirSync(join(dir, 'pglite.lock'))
    let now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now)
    try {
      const b = backend(dir, { lockWaitMs: 0, reopenDelayMs: 5_000 })
      const first = await b.ready().catch((error: unknown) => error)
      expect(first).toBeInstanceOf(Error)
      rmSync(join(dir, 'pglite.lock'), { recursive: true })
      now += 4_000
      // Not tried again: the very same error, though the folder is free by now.
      expect(await b.ready().catch((error: unknown) => error)).toBe(first)
      now += 1_001
      await b.ready()
      expect(await b.featuredVideo('service_videos')).toBeNull()
    } finally {
      clock.mockRestore()
    }
  })

  it('createBackend picks the embedded adapter without Supabase settings and resolves DATA_DIR', async () => {
    const dir = await tempDir()
    const b = createBackend(
      parseRuntimeConfig({ DATA_DIR: dir, SUPABASE_URL: 'https://x.supabase.co' }),
    ) as EmbeddedBackend
    open.push(b)
    expect(b.kind).toBe('embedded')
    expect(b.dataDir).toBe(dir)
    const s = createBackend(parseRuntimeConfig({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'anon' }))
    expect(s.kind).toBe('supabase')
    await s.close()
  })

  it('getBackend() is a process singleton chosen from process.env', async () => {
    const dir = await tempDir()
    const saved = { DATA_DIR: process.env.DATA_DIR, SUPABASE_URL: process.env.SUPABASE_URL }
    process.env.DATA_DIR = dir
    delete process.env.SUPABASE_URL
    try {
      // Fresh modules: the config is parsed once per process, on first use.
      vi.resetModules()
      const { closeBackend, getBackend } = await import('../../app/server/backend/backend-factory.server')
      const b = getBackend()
      expect(getBackend()).toBe(b)
      expect(b.kind).toBe('embedded')
      expect((b as EmbeddedBackend).dataDir).toBe(dir)
      expect((await b.reviews()).length).toBeGreaterThan(0)
      await closeBackend()
      expect(getBackend()).not.toBe(b)
      await closeBackend()
    } finally {
      for (const [k, val] of Object.entries(saved)) {
        if (val === undefined) delete process.env[k]
        else process.env[k] = val
      }
    }
  })

  it('scripts/set-featured-video.ts sets and clears the featured video', async () => {
    const dir = await tempDir()
    const b = backend(dir)
    await b.ready()
    await b.close()
    const script = join(process.cwd(), 'scripts/set-featured-video.ts')
    const env = { ...process.env, DATA_DIR: dir }
    await run(process.execPath, ['--import', 'tsx', script, '/videos/services.webm', 'video/webm', '--services'], {
      env,
    })
    await run(process.execPath, ['--import', 'tsx', script, 'https://cdn.example.com/home.mp4'], { env })
    const c = backend(dir)
    expect(await c.featuredVideo('service_videos')).toMatchObject({
      video_url: '/videos/services.webm',
      mime_type: 'video/webm',
    })
    expect(await c.featuredVideo('pressure_washing_videos')).toMatchObject({
      video_url: 'https://cdn.example.com/home.mp4',
      mime_type: 'video/mp4',
    })
    await c.close()
    // Refuses while the database is open in another process (this one).
    const d = backend(dir)
    await d.ready()
    await expect(run(process.execPath, ['--import', 'tsx', script, '--clear'], { env })).rejects.toMatchObject({
      stderr: expect.stringMatching(/in use by process/),
    })
    await d.close()
    await run(process.execPath, ['--import', 'tsx', script, '--clear', '--services'], { env })
    const e = backend(dir)
    expect(await e.featuredVideo('service_videos')).toBeNull()
    expect(await e.featuredVideo('pressure_washing_videos')).not.toBeNull()
  })
})
