/**
 * Posted work on Supabase (docs/decisions/049-posted-work.md): the production site, PostgreSQL 15 with the
 * migrations' row-level security, and LOCAL STAND-INS for Supabase Storage (a public bucket the owner's token
 * writes), Supabase Auth and PostgREST's RPC. Posting stores the variants in the bucket and the row under RLS,
 * the site serves them, and deleting removes both.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POSTED_WORK_FILE_PATTERN, type OwnerPostedWork, type PostWorkResponse } from '../../app/lib/posted-work'
import type { AuthTokens } from '../../app/server/backend/backend.server'
import { createSupabaseBackend } from '../../app/server/backend/supabase.server'
import { deleteWork, listOwnerWork } from '../../app/server/work/owner-work.server'
import { startSiteProcess, type SiteProcess } from '../support/site-process'
import { tagLikeAPhone } from '../support/phone-photo-tags'
import { startLocalSupabase, verifyJwt, type LocalSupabase } from '../support/supabase-local'
import { psql, psqlOk, queryJson } from '../support/supabase-postgres'
import { startStorageStandIn, type StorageStandIn } from '../support/storage-stand-in'
import { startAuthStandIn, type AuthStandIn } from './support'

const OWNER = 'owner@example.com'
const OWNER_ID = randomUUID()
const SITE_SECRET = randomBytes(24).toString('hex')
/** exiftool's view of the file and its container; an EXIF, GPS, XMP or ICC block would add its group. */
const CONTAINER_GROUPS = new Set(['SourceFile', 'ExifTool', 'System', 'File', 'Composite', 'RIFF', 'QuickTime', 'Meta'])

const HTML_CACHE_SECONDS = 3
const ALT = 'Before and after: driveway cleaning in Folsom'
const SHOWN_ON = ['/gallery', '/', '/services?tab=driveway', '/city/folsom']

/** Fetches `path` from the instance until its HTML does (or does not) name the job; answers how long it took. */
async function untilPage(instance: SiteProcess, path: string, shows: boolean): Promise<number> {
  const started = Date.now()
  for (;;) {
    const html = await (await fetch(`${instance.url}${path}`)).text()
    if (html.includes(ALT) === shows) return Date.now() - started
    if (Date.now() - started > (HTML_CACHE_SECONDS + 3) * 1000)
      throw new Error(`${path} still ${shows ? 'lacks' : 'shows'} the job`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('posted work on Supabase (local stand-in of Supabase Storage, Auth and PostgREST RPC)', () => {
  let auth: AuthStandIn
  let storage: StorageStandIn
  let local: LocalSupabase
  let site: SiteProcess
  // A second instance of the site on the same project: it hears of no change but through its stored pages' age.
  let other: SiteProcess
  let browser: Browser
  let owner: BrowserContext
  let before: Buffer
  let after: Buffer
  let work: OwnerPostedWork

  beforeAll(async () => {
    auth = await startAuthStandIn()
    // The bucket's insert and delete policies: a valid token of the inbox owner.
    const isOwner = (token: string) => verifyJwt(token, local.keys.jwtSecret)?.sub === OWNER_ID
    storage = await startStorageStandIn(() => local.keys.service, new Map(), {
      otherwise: auth.url,
      publicBucket: { name: 'posted-work', canWrite: isOwner },
    })
    local = await startLocalSupabase({
      names: ['send-quote-email'],
      db: 'rest',
      restFallbackUrl: storage.url,
      functionEnv: () => ({ SITE_FUNCTION_SECRET: SITE_SECRET }),
    })
    auth.jwtSecret = local.keys.jwtSecret
    auth.users.set(OWNER, OWNER_ID)
    psqlOk(local.cluster, `INSERT INTO public.inbox_owners (user_id) VALUES ('${OWNER_ID}');`, {
      user: 'supabase_admin',
    })
    const siteEnv = {
      SUPABASE_URL: local.url,
      SUPABASE_ANON_KEY: local.keys.anon,
      SITE_FUNCTION_SECRET: SITE_SECRET,
      OWNER_EMAIL: OWNER,
      OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
      HTML_CACHE_SECONDS: String(HTML_CACHE_SECONDS),
    }
    ;[site, other] = await Promise.all([startSiteProcess(siteEnv), startSiteProcess(siteEnv)])
    // Stored before anything is posted, so the second instance must let them age out.
    for (const path of SHOWN_ON) expect(await (await fetch(`${other.url}${path}`)).text()).not.toContain(ALT)
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })

    // A before photo with a position in it, as a phone takes one.
    const path = join(mkdtempSync(join(tmpdir(), 'sb-work-')), 'before.jpg')
    writeFileSync(
      path,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5a4a3c' } })
        .jpeg()
        .toBuffer(),
    )
    tagLikeAPhone(path)
    before = readFileSync(path)
    after = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d8d4cc' } })
      .jpeg()
      .toBuffer()
  }, 300_000)
  afterAll(async () => {
    await owner?.close()
    await browser?.close()
    await site?.stop()
    await other?.stop()
    await local?.stop()
    await storage?.close()
    await auth?.stop()
  })

  const fields = (id: string) => ({
    id,
    category: 'Driveway Cleaning',
    city: 'folsom',
    caption: '',
    alt: ALT,
    consent: 'yes',
  })

  it('signed out, posting answers 401 and stores nothing', async () => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields(randomUUID()))) form.set(name, value)
    form.set('before', new Blob([new Uint8Array(before)]), 'before.jpg')
    form.set('after', new Blob([new Uint8Array(after)]), 'after.jpg')
    const response = await fetch(`${site.url}/owner/work`, {
      method: 'POST',
      headers: { Origin: site.url },
      body: form,
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as PostWorkResponse).success).toBe(false)
    expect(storage.publicObjects.size).toBe(0)
  })

  it("the owner's post stores its variants in the bucket with the owner's token, and the row under RLS", async () => {
    owner = await browser.newContext()
    const page = await owner.newPage()
    await page.goto(`${site.url}/owner`)
    await page.getByLabel('E-mail address').fill(OWNER)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByRole('status').waitFor()
    await page.goto(`${site.url}/owner/sign-in?token_hash=${auth.mails.at(-1)!.tokenHash}`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${site.url}/owner`)

    const id = randomUUID()
    const answer = await owner.request.post(`${site.url}/owner/work`, {
      headers: { Origin: site.url, Accept: 'application/json' },
      multipart: {
        ...fields(id),
        before: { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: before },
        after: { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: after },
      },
    })
    expect(answer.status()).toBe(200)
    const body = (await answer.json()) as PostWorkResponse
    if (!body.success) throw new Error(body.error)
    work = body.work
    // Landscape photos, stacked: a portrait frame.
    expect(work).toMatchObject({ id, citySlug: 'folsom', width: 1066, height: 1600, published: true })

    const names = [...storage.publicObjects.keys()].sort()
    expect(names).toHaveLength(work.widths.length * 2)
    for (const name of names) expect(name).toMatch(POSTED_WORK_FILE_PATTERN)
    const uploads = storage.calls.filter((call) => call.method === 'POST' && call.url.includes('/posted-work/'))
    expect(uploads).toHaveLength(names.length)
    // The owner's own token, never the service role's or the anon key: the bucket's policies decide.
    for (const call of uploads)
      expect(verifyJwt(call.auth!.replace(/^Bearer /, ''), local.keys.jwtSecret)?.sub).toBe(OWNER_ID)

    const stored = join(mkdtempSync(join(tmpdir(), 'sb-work-stored-')), names[0]!)
    writeFileSync(stored, storage.publicObjects.get(names[0]!)!.bytes)
    const tags = Object.keys(JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', stored]).toString())[0])
    expect(tags).toContain('File:MIMEType')
    expect([...new Set(tags.map((tag) => tag.split(':')[0]!))].filter((group) => !CONTAINER_GROUPS.has(group))).toEqual(
      [],
    )

    // Row-level security: the public reads published rows only and cannot write; the inbox owner wrote it.
    const anonRows = () =>
      queryJson<{ id: string }>(local.cluster, `SELECT id FROM public.posted_work`, {
        user: 'supabase_admin',
        role: 'anon',
      })
    expect(anonRows()).toEqual([{ id }])
    psqlOk(local.cluster, `UPDATE public.posted_work SET published = false WHERE id = '${id}';`, {
      user: 'supabase_admin',
    })
    expect(anonRows()).toEqual([])
    expect(
      queryJson(local.cluster, `SELECT id FROM public.published_work(60)`, { user: 'supabase_admin', role: 'anon' }),
    ).toEqual([])
    psqlOk(local.cluster, `UPDATE public.posted_work SET published = true WHERE id = '${id}';`, {
      user: 'supabase_admin',
    })
    const insert = psql(
      local.cluster,
      `INSERT INTO public.posted_work (id, category, alt, image_hash, width, height, widths, placeholder)
       VALUES ('${randomUUID()}', 'Deck Cleaning', 'x', '${'a'.repeat(16)}', 10, 10, '{10}', '#000000');`,
      { user: 'supabase_admin', role: 'anon' },
    )
    expect(insert.ok).toBe(false)
    expect(insert.stderr).toMatch(/42501|row-level security|permission denied/)
  })

  it('a second instance shows the post on all four pages within HTML_CACHE_SECONDS', async () => {
    for (const path of SHOWN_ON)
      expect(await untilPage(other, path, true)).toBeLessThanOrEqual((HTML_CACHE_SECONDS + 1) * 1000)
  })

  it('the site serves the variants from its own origin, immutable, and a retry with the same id posts nothing twice', async () => {
    const file = `${work.imageHash}-640.webp`
    const response = await fetch(`${site.url}/work-photos/${file}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await response.arrayBuffer()).equals(storage.publicObjects.get(file)!.bytes)).toBe(true)
    const missing = await fetch(`${site.url}/work-photos/${'0'.repeat(16)}-640.webp`)
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store'])

    const retry = await owner.request.post(`${site.url}/owner/work`, {
      headers: { Origin: site.url, Accept: 'application/json' },
      multipart: {
        ...fields(work.id),
        before: { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: before },
        after: { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: after },
      },
    })
    expect(retry.status()).toBe(200)
    expect(((await retry.json()) as PostWorkResponse & { success: true }).work).toEqual(work)
    expect(queryJson(local.cluster, `SELECT id FROM public.posted_work`, { user: 'supabase_admin' })).toHaveLength(1)
  })

  it("deleting, with the owner's session tokens, removes the row and the bucket's objects", async () => {
    const [session] = queryJson<{ auth_tokens: AuthTokens }>(
      local.cluster,
      `SELECT auth_tokens FROM public.owner_sessions WHERE revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      { user: 'supabase_admin' },
    )
    const caller = { as: 'owner' as const, userId: OWNER_ID, accessToken: session!.auth_tokens.accessToken }
    const backend = createSupabaseBackend({ url: local.url, anonKey: local.keys.anon, siteSecret: SITE_SECRET })
    try {
      expect((await listOwnerWork(backend, caller)).map((each) => each.id)).toEqual([work.id])
      expect(await deleteWork(backend, caller, work.id)).toBe(true)
    } finally {
      await backend.close()
    }
    expect(queryJson(local.cluster, `SELECT id FROM public.posted_work`, { user: 'supabase_admin' })).toEqual([])
    expect(storage.publicObjects.size).toBe(0)
    const deletes = storage.calls.filter((call) => call.method === 'DELETE' && call.url.endsWith('/posted-work'))
    expect(deletes).toHaveLength(1)
    expect(verifyJwt(deletes[0]!.auth!.replace(/^Bearer /, ''), local.keys.jwtSecret)?.sub).toBe(OWNER_ID)
    expect((await fetch(`${site.url}/work-photos/${work.imageHash}-640.webp`)).status).toBe(404)
    // Deleted through the port, not a site's handler: both instances let their stored pages age out.
    for (const instance of [site, other])
      for (const path of SHOWN_ON)
        expect(await untilPage(instance, path, false)).toBeLessThanOrEqual((HTML_CACHE_SECONDS + 1) * 1000)
  })
})
