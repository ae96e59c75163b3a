/**
 * Customer photos on Supabase (docs/decisions/044-lead-photos.md): the production site, PostgreSQL 15, the
 * send-quote-email and lead-photos functions under Deno, and LOCAL STAND-INS for Supabase Storage, Supabase
 * Auth and PostgREST's RPC. A stored lead's token stores photos once, the owner alone reads them, and deleting
 * the lead removes them.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHOTO_NAME_PATTERN } from '../../app/lib/lead-photos'
import { QUOTE_FORM_TOKEN_NAME } from '../../app/lib/quote-form-constants'
import { startSiteProcess, type SiteProcess } from '../support/site-process'
import { startLocalSupabase, verifyJwt, type LocalSupabase } from '../support/supabase-local'
import { psqlOk, queryJson } from '../support/supabase-postgres'
import { startStorageStandIn, type StorageStandIn } from '../support/storage-stand-in'
import { callFunction, startAuthStandIn, type AuthStandIn } from './support'

const OWNER = 'owner@example.com'
const OWNER_ID = randomUUID()
const SITE_SECRET = randomBytes(24).toString('hex')

describe('customer photos on Supabase (local stand-in of Supabase Storage, Auth and PostgREST RPC)', () => {
  let auth: AuthStandIn
  let storage: StorageStandIn
  let local: LocalSupabase
  let site: SiteProcess
  let browser: Browser
  let owner: BrowserContext
  let gpsJpeg: Buffer
  let leadId: string
  let token: string

  beforeAll(async () => {
    auth = await startAuthStandIn()
    // The bucket's select policy: a valid token of the inbox owner.
    storage = await startStorageStandIn(() => local.keys.service, new Map(), {
      canRead: (accessToken) => verifyJwt(accessToken, local.keys.jwtSecret)?.sub === OWNER_ID,
      otherwise: auth.url,
    })
    local = await startLocalSupabase({
      names: ['send-quote-email', 'lead-photos'],
      db: 'rest',
      restFallbackUrl: storage.url,
      functionEnv: () => ({ SITE_FUNCTION_SECRET: SITE_SECRET }),
    })
    auth.jwtSecret = local.keys.jwtSecret
    auth.users.set(OWNER, OWNER_ID)
    psqlOk(local.cluster, `INSERT INTO public.inbox_owners (user_id) VALUES ('${OWNER_ID}');`, {
      user: 'supabase_admin',
    })
    site = await startSiteProcess({
      SUPABASE_URL: local.url,
      SUPABASE_ANON_KEY: local.keys.anon,
      SITE_FUNCTION_SECRET: SITE_SECRET,
      OWNER_EMAIL: OWNER,
      OWNER_SESSION_SECRET: randomBytes(32).toString('base64'),
      QUOTE_MIN_FILL_MS: '0',
    })
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })

    // A photo with a position in it, as a phone takes one.
    const path = join(mkdtempSync(join(tmpdir(), 'sb-photos-')), 'yard.jpg')
    writeFileSync(
      path,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6a8' } })
        .jpeg()
        .toBuffer(),
    )
    execFileSync('exiftool', [
      '-q',
      '-overwrite_original',
      '-GPSLatitude=38.5816',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=121.4944',
      '-GPSLongitudeRef=W',
      path,
    ])
    gpsJpeg = readFileSync(path)
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    await local?.stop()
    await storage?.close()
    await auth?.stop()
  })

  /** The form without JavaScript, as a visitor sends it: its answer's redirect carries the photo token. */
  let formToken: string | undefined
  async function sendQuote(): Promise<string> {
    const page = await (await fetch(`${site.url}/quote-request`)).text()
    // A retry sends the same form again, so the same token (and idempotency key).
    formToken ??= new RegExp(`name="${QUOTE_FORM_TOKEN_NAME}"[^>]*value="([^"]+)"`).exec(page)?.[1]
    expect(formToken).toBeTruthy()
    const body = new URLSearchParams({
      firstName: 'Maria',
      email: 'maria@example.com',
      phone: '916-555-0170',
      [QUOTE_FORM_TOKEN_NAME]: formToken!,
    })
    const answer = await fetch(`${site.url}/quote-request`, {
      method: 'POST',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    })
    expect(answer.status).toBe(303)
    const upload = new URL(answer.headers.get('location')!, site.url).searchParams.get('upload')
    expect(upload).toBeTruthy()
    return upload!
  }

  async function upload(photoToken: string, count = 1) {
    const form = new FormData()
    form.set('token', photoToken)
    for (let i = 0; i < count; i++)
      form.append('photos', new Blob([new Uint8Array(gpsJpeg)], { type: 'image/jpeg' }), `yard-${i}.jpg`)
    const response = await fetch(`${site.url}/quote-photos`, {
      method: 'POST',
      headers: { Origin: site.url, Accept: 'application/json' },
      body: form,
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }

  it("a stored lead's photo token stores a photo, without its position, in the local stand-in of Supabase Storage", async () => {
    token = await sendQuote()
    leadId = token.split('.')[0]!
    expect(
      queryJson<{ first_name: string }>(
        local.cluster,
        `SELECT first_name FROM public.quote_requests WHERE id = '${leadId}'`,
      ),
    ).toEqual([{ first_name: 'Maria' }])

    expect(await upload(token)).toEqual({ status: 200, json: { success: true, added: 1, total: 1 } })
    const names = storage.objects.get(leadId) ?? []
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(PHOTO_NAME_PATTERN)
    const file = join(mkdtempSync(join(tmpdir(), 'sb-stored-')), 'stored.jpg')
    writeFileSync(file, storage.bytes.get(`${leadId}/${names[0]}`)!)
    const tags = JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', file]).toString())[0] as Record<
      string,
      unknown
    >
    // Only exiftool's view of the file itself, as in tests/server/lead-photos.test.ts: no EXIF, GPS, XMP, ICC.
    const groups = new Set(Object.keys(tags).map((tag) => tag.split(':')[0]))
    expect([...groups].sort()).toEqual(['Composite', 'ExifTool', 'File', 'SourceFile', 'System'])
    expect(tags['File:FileType']).toBe('JPEG')
    // Uploaded with the service role only, counted in the database for the visitor.
    expect(
      storage.calls
        .filter((call) => call.method === 'POST')
        .every((call) => call.auth === `Bearer ${local.keys.service}`),
    ).toBe(true)
    expect(
      queryJson<{ n: number }>(
        local.cluster,
        `SELECT count(*)::int AS n FROM public.rate_limit_hits WHERE bucket = 'photos'`,
      )[0]!.n,
    ).toBe(1)
    expect(
      queryJson<{ kind: string }>(
        local.cluster,
        `SELECT kind FROM public.quote_outbox WHERE quote_request_id = '${leadId}' AND kind = 'owner_photos'`,
      ),
    ).toHaveLength(1)
  })

  it('a used token and a sixth photo are refused, and nothing of them is kept', async () => {
    expect(await upload(token)).toMatchObject({ status: 403, json: { success: false, reason: 'token' } })
    // The visitor's retry of the same form gets a fresh token for the same lead.
    const second = await sendQuote()
    expect(second.split('.')[0]).toBe(leadId)
    expect(await upload(second, 5)).toMatchObject({ status: 409, json: { success: false, reason: 'too-many' } })
    expect(storage.objects.get(leadId)).toHaveLength(1)
    expect(storage.bytes.size).toBe(1)
    // A refused upload does not use the token up.
    expect(await upload(second, 4)).toEqual({ status: 200, json: { success: true, added: 4, total: 5 } })
    expect(storage.objects.get(leadId)).toHaveLength(5)
  })

  it("the owner sees the photos in the inbox and reads one through the site only with the owner's session", async () => {
    const name = storage.objects.get(leadId)![0]!
    const photoUrl = `${site.url}/owner/photos/${leadId}/${name}`
    const anonymous = await fetch(photoUrl)
    expect([anonymous.status, anonymous.headers.get('cache-control')]).toEqual([401, 'private, no-store'])

    owner = await browser.newContext()
    const page = await owner.newPage()
    await page.goto(`${site.url}/owner`)
    await page.getByLabel('E-mail address').fill(OWNER)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByRole('status').waitFor()
    await page.goto(`${site.url}/owner/sign-in?token_hash=${auth.mails.at(-1)!.tokenHash}`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Maria' }).waitFor()
    // owner_lead_photos through PostgREST with the owner's token: five thumbnails.
    expect(await page.locator(`img[src*="/owner/photos/${leadId}/"]`).count()).toBe(5)

    const read = await owner.request.get(photoUrl)
    expect(read.status()).toBe(200)
    expect(read.headers()['cache-control']).toBe('private, no-store')
    expect(read.headers()['content-type']).toBe('image/jpeg')
    expect(Buffer.from(await read.body()).equals(storage.bytes.get(`${leadId}/${name}`)!)).toBe(true)
    const reads = storage.calls.filter((call) => call.method === 'GET')
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.some((call) => call.auth === `Bearer ${local.keys.service}`)).toBe(false)
    expect((await owner.request.get(`${site.url}/owner/photos/${leadId}/${'0'.repeat(32)}.jpg`)).status()).toBe(404)
  })

  it('deleting the lead removes its objects from the stand-in bucket on the every-minute run', async () => {
    psqlOk(local.cluster, `DELETE FROM public.quote_requests WHERE id = '${leadId}';`, { user: 'supabase_admin' })
    const run = await callFunction(
      `${local.url}/functions/v1/send-quote-email`,
      { deliverDue: true },
      { Authorization: `Bearer ${local.keys.anon}`, 'x-site-secret': SITE_SECRET },
    )
    expect(run.status).toBe(200)
    expect(storage.objects.get(leadId)).toEqual([])
    expect(storage.bytes.size).toBe(0)
    expect(queryJson(local.cluster, `SELECT lead_id FROM public.lead_file_purges`, { user: 'supabase_admin' })).toEqual(
      [],
    )
    await owner?.close()
  })
})
