// The site's database (app/platform/db/) on whichever database this run has: opening and migrating, the back-off
// after a failed open, the data folder's lock, the process's one database, and the featured videos read from it.
import { schemaFiles } from '../../app/platform/db/schema-files.server'
import { existsSync, mkdirSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { dataDirOf, parseRuntimeConfig } from '../../app/platform/config.server'
import { freshDatabaseUrl, rowsOf, useTempDirs, useTestSites } from './helpers'

const tempDir = useTempDirs()
const openSite = useTestSites()
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

/** An empty data folder and database to open, close and open again. */
async function place() {
  return { dataDir: await tempDir(), databaseUrl: await freshDatabaseUrl(undefined, { empty: true }) }
}

// A fresh PGlite runs initdb (several seconds on a slow machine).
describe("the site's database", { timeout: 90_000 }, () => {
  it('migrates and seeds an empty database, and on reopen applies only a migration it has not applied', async () => {
    const where = await place()
    const first = await openSite({}, where)
    const db = first.db
    const applied = await rowsOf<{ name: string; applied_at: Date }>(
      db,
      'SELECT name, applied_at FROM schema_migrations ORDER BY name',
    )
    // What the build bundles is the folder's migrations.
    expect(applied.map((r) => r.name)).toEqual(schemaFiles.migrations.map((m) => m.name))
    const tables = await rowsOf<{ tablename: string; rowsecurity: boolean }>(
      db,
      `SELECT tablename, rowsecurity FROM pg_tables WHERE schemaname = 'public'`,
    )
    expect(tables.filter((t) => !t.rowsecurity)).toEqual([])
    const reviews = 'SELECT count(*)::int AS n FROM reviews'
    const seeded = (await rowsOf<{ n: number }>(db, reviews))[0]!.n
    expect(seeded).toBeGreaterThanOrEqual(6)
    await first.close()

    const extra = { name: '29990101000000_extra.sql', sql: 'CREATE TABLE extra_table (id int);' }
    const second = await openSite({}, { ...where, migrations: [...schemaFiles.migrations, extra] })
    const again = await rowsOf(second, 'SELECT name, applied_at FROM schema_migrations ORDER BY name')
    expect(again).toEqual([...applied, { name: extra.name, applied_at: expect.any(Date) }])
    expect((await rowsOf<{ n: number }>(second, reviews))[0]!.n).toBe(seeded)
  })

  it('after a failed open, callers get the same failure at once until the back-off ends, then it opens', async () => {
    const where = await place()
    // Fails until the test adds the table it reads.
    const gate = { name: '29990101000000_gate.sql', sql: 'SELECT 1 FROM public.gate;' }
    let skipped = 0
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skipped)
    try {
      const site = await openSite(
        {},
        { ...where, migrations: [...schemaFiles.migrations, gate], reopenDelayMs: 60_000 },
      )
      const first = await site.db.ready().catch((error: unknown) => error)
      expect(first).toMatchObject({ message: expect.stringMatching(/gate/) })
      const opener = await openSite({}, where)
      await rowsOf(opener, 'CREATE TABLE public.gate ()')
      await opener.close()
      // Not tried again: the very same error, though the database would open by now.
      expect(await site.db.ready().catch((error: unknown) => error)).toBe(first)
      skipped = 60_001
      await site.db.ready()
      const applied = await rowsOf(site, 'SELECT 1 FROM schema_migrations WHERE name = $1', [gate.name])
      expect(applied).toHaveLength(1)
      // Closed under the clock it opened with: the data folder's lock is kept fresh by it.
      await site.close()
    } finally {
      vi.restoreAllMocks()
    }
  })

  // A query that comes after a test's or a shutdown's close (a late rate-limit write) once opened it again and
  // took the folder's lock, which the removed folder then "compromised": the process exited.
  it('a closed database stays closed: a later query fails and never opens it or takes its folder', async () => {
    const where = await place()
    const site = await openSite({}, where)
    await site.close()
    await expect(site.db.ready()).rejects.toThrow(/closed/)
    expect(existsSync(join(where.dataDir, 'pglite.lock'))).toBe(false)
    expect(existsSync(join(where.dataDir, 'pglite'))).toBe(false)
  })

  it('resolves DATA_DIR against the working folder; an absolute one is kept', () => {
    expect(dataDirOf(parseRuntimeConfig({ DATA_DIR: 'relative/data' }))).toBe(resolve(process.cwd(), 'relative/data'))
    expect(dataDirOf(parseRuntimeConfig({ DATA_DIR: '/srv/site-data' }))).toBe('/srv/site-data')
  })

  it.skipIf(onPostgres)(
    "on PGlite only (its folder): databases of one process share a folder's; a folder another process holds is refused, one a dead process left is taken over",
    async () => {
      const dataDir = await tempDir()
      const [a, b] = [await openSite({}, { dataDir }), await openSite({}, { dataDir })]
      await rowsOf(a, 'CREATE TABLE public.shared (n int); INSERT INTO public.shared VALUES (1)')
      await a.close()
      expect(await rowsOf(b, 'SELECT n FROM public.shared')).toEqual([{ n: 1 }])
      await b.close()
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)

      // Another holder's lock (its folder, freshly touched) is refused; one not refreshed for longer than the
      // stale time is a dead process's. Touched by this clock, as a holder does: the kernel dates a new folder by
      // the real one, which a clock moved ahead (faketime, scripts/test.ts) reads as long stale.
      const locked = await tempDir()
      mkdirSync(join(locked, 'pglite.lock'))
      utimesSync(join(locked, 'pglite.lock'), new Date(), new Date())
      await expect((await openSite({}, { dataDir: locked, lockWaitMs: 0 })).db.ready()).rejects.toThrow(
        /in use by another process/,
      )
      const stale = await tempDir()
      mkdirSync(join(stale, 'pglite.lock'))
      const longAgo = new Date(Date.now() - 60_000)
      utimesSync(join(stale, 'pglite.lock'), longAgo, longAgo)
      await (await openSite({}, { dataDir: stale, lockWaitMs: 0 })).db.ready()
    },
  )

  it("the process's database is one, from the environment, opened by its first query; the pages read its featured video, an empty type as video/mp4", async () => {
    const where = await place()
    vi.stubEnv('DATA_DIR', where.dataDir)
    vi.stubEnv('DATABASE_URL', where.databaseUrl)
    try {
      // Fresh modules: the configuration is parsed once per process, on first use.
      vi.resetModules()
      const { db } = await import('../../app/platform/db/db.server')
      const { cachedFeaturedVideo } = await import('../../app/features/reviews/backend.functions')
      expect((await import('../../app/platform/db/db.server')).db).toBe(db)
      const video = `INSERT INTO service_videos (video_url, mime_type, is_featured) VALUES ('/videos/v.webm', NULL, true)`
      await rowsOf(db, video)
      expect(await cachedFeaturedVideo('service_videos')).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        video_url: '/videos/v.webm',
        mime_type: 'video/mp4',
        is_featured: true,
      })
      expect(await cachedFeaturedVideo('pressure_washing_videos')).toBeNull()
      await db.close()
      // It was the environment's: the row is in that place's database.
      const reopened = await openSite({}, where)
      expect(await rowsOf(reopened, 'SELECT video_url FROM service_videos')).toEqual([{ video_url: '/videos/v.webm' }])
    } finally {
      vi.unstubAllEnvs()
    }
  })

  // Setting and clearing it: `npm run video` in e2e/services-video.spec.ts, its command in owner-leads.test.ts.
  it('keeps at most one featured video per table', async () => {
    const { db } = await openSite()
    for (const table of ['pressure_washing_videos', 'service_videos']) {
      await rowsOf(db, `INSERT INTO ${table} (video_url, is_featured) VALUES ('/a.mp4', true), ('/b.mp4', false)`)
      await expect(
        rowsOf(db, `INSERT INTO ${table} (video_url, is_featured) VALUES ('/c.mp4', true)`),
      ).rejects.toMatchObject({ code: '23505' })
    }
  })
})
