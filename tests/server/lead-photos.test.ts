/**
 * A visitor's photos after the lead is stored (docs/decisions/044-lead-photos.md, 051): POST /quote-photos with
 * the photo token the quote answer gave, real sharp and libheif, real files made with exiftool and Debian's
 * heif-enc (apt packages libimage-exiftool-perl and libheif-examples), in each file store where they differ.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LEAD_PHOTO_MESSAGES, PHOTO_MAX_SIDE } from '../../app/features/leads/lead-photos'
import { decodePhoto } from '../../app/features/leads/photo-encode.server'
import { PHOTO_TOKEN_HEADER } from '../../app/features/leads/photo-token-header'
import type { TestSite } from '../support/test-site'
import { ownerPhotoResponse } from '../../app/features/owner/lead-photos.server'
import { forOwner } from '../../app/platform/http/owner-access.server'
import { createLeadPhotoHandler } from '../../app/features/leads/lead-photos.server'
import { createPhotoTokens, PHOTO_TOKEN_TTL_MS } from '../../app/features/leads/tokens.server'
import { captureLog } from '../support/log-capture'
import { hugeHeic, HUGE_HEIC_SIDE } from '../support/huge-heic'
import { heicOf, phoneJpeg } from '../support/phone-photo-tags'
import {
  countedPost,
  FILE_STORES,
  type FileStoreName,
  FORM_TOKEN_SECRET,
  leadForm,
  postLead,
  rowsOf,
  runHandler,
  storeTestLead,
  useFileStores,
  useOwnerSessions,
  useSmtp,
  useTempDirs,
  useTestSites,
} from './helpers'

const tempDir = useTempDirs()
const startSmtp = useSmtp()
const testSite = useTestSites()
const fileStore = useFileStores()
const signIn = useOwnerSessions()
// The owner's route reads the site's configuration, as it does in production: set before any import parses it.
const OWNER = vi.hoisted(() => {
  process.env.OWNER_EMAIL = 'owner@example.com'
  process.env.OWNER_SESSION_SECRET = 'lead-photos-test-session-secret-0123456789abcdef'
  return process.env.OWNER_EMAIL
})

let gpsJpeg: Buffer
let heic: Buffer

beforeAll(async () => {
  // A 3000 × 2000 photo taken "on its side" (orientation 6), with a position in it.
  const jpegPath = join(await tempDir(), 'yard.jpg')
  gpsJpeg = await phoneJpeg(jpegPath, 3000, 2000, '#6a8', 'Maria')
  heic = heicOf(jpegPath)
}, 120_000)

/** The route's handler on this site, as its route calls it with the process's database and files. */
function handlerOn(site: TestSite, options: Parameters<typeof createLeadPhotoHandler>[0]) {
  const handle = createLeadPhotoHandler(options)
  const push = Boolean(site.config.owner.vapid)
  return (request: Request, ip: string) => handle(site.db, request, ip, { files: site.files, push, now: site.now() })
}

interface SetUp {
  now?: () => number
  env?: Record<string, string>
  store?: FileStoreName
}

/** A site on `store` with Maria's lead stored (`id`), and the photo route answering with `now`'s tokens. */
async function setUp({ now, env, store = 'the folder store' }: SetUp = {}) {
  const files = await fileStore(store)
  // The owner's e-mails are counted here; the customer's acknowledgement is follow-through.test.ts's.
  const site = await testSite(
    { OWNER_EMAIL: OWNER, QUOTE_NOTIFY_EMAIL: OWNER, CUSTOMER_ACKNOWLEDGEMENT: 'off', ...files.env, ...env },
    { outbox: { backoffMs: () => 0 } },
  )
  // The quote service signs its answer's photo token with the form's secret.
  const tokens = createPhotoTokens(FORM_TOKEN_SECRET, now)
  const handle = handlerOn(site, { tokens, rateLimit: 100 })
  const stored = (leadId: string) => files.names(site, `lead-photos/${leadId}`)
  return { id: await storeTestLead(site, 'Maria'), site, tokens, handle, stored, standIn: files.standIn }
}

const SITE = 'http://localhost:3000'

/** The script's upload sends its token in a header; the plain form (`json` false) as its first part (051). */
function uploadForm(token: string, files: { bytes: Uint8Array; name: string; type?: string }[], json = true) {
  const form = new FormData()
  if (!json) form.set('token', token)
  for (const file of files)
    form.append('photos', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name)
  const headers: Record<string, string> = json
    ? { Origin: SITE, Accept: 'application/json', [PHOTO_TOKEN_HEADER]: token }
    : { Origin: SITE }
  return { form, headers }
}

function upload(token: string, files: { bytes: Uint8Array; name: string; type?: string }[], json = true): Request {
  const { form, headers } = uploadForm(token, files, json)
  return new Request(`${SITE}/quote-photos`, { method: 'POST', body: form, headers })
}

const photo = (bytes: Uint8Array = gpsJpeg, name = 'IMG_0001.jpg') => ({ bytes, name })
const photos = (count: number) => Array.from({ length: count }, () => photo())

async function photoRows(site: TestSite, leadId: string) {
  return rowsOf(site, `SELECT object_name FROM public.lead_photos WHERE lead_id = $1`, [leadId])
}

describe.each(FILE_STORES)('photos of a stored lead in %s', { timeout: 120_000 }, (store) => {
  it('a photo with GPS comes out upright, at most 1600 px, as a JPEG with no EXIF at all', async () => {
    const { id, site, tokens, handle, stored, standIn } = await setUp({ store })
    const response = await handle(upload(tokens.issue(id), [photo()]), '203.0.113.5')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, added: 1, total: 1 })

    const [name] = stored(id)
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/)
    const file = join(await tempDir(), name!)
    writeFileSync(file, (await site.files.get(`lead-photos/${id}/${name}`))!)
    const tags = JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', file]).toString())[0]
    // Only exiftool's view of the file itself (Composite is its own arithmetic): no EXIF, GPS, XMP, ICC, IPTC.
    const groups = new Set(Object.keys(tags).map((tag) => tag.split(':')[0]))
    expect([...groups].sort()).toEqual(['Composite', 'ExifTool', 'File', 'SourceFile', 'System'])
    expect(tags['File:FileType']).toBe('JPEG')
    // Orientation 6 turned the 3000 × 2000 landscape into a portrait.
    expect([tags['File:ImageWidth'], tags['File:ImageHeight']]).toEqual([1067, 1600])
    // The bucket is private: only the owner's route below reads it.
    if (standIn) expect(standIn.buckets.get('lead-photos')?.public).toBe(false)
  })

  it('a sixth photo for a lead is refused, and the refused upload leaves no file', async () => {
    const { id, site, tokens, handle, stored } = await setUp({ store })
    expect((await handle(upload(tokens.issue(id), photos(3)), '')).status).toBe(200)
    const kept = stored(id)
    const second = tokens.issue(id)
    const refused = await handle(upload(second, photos(3)), '')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ reason: 'too-many', error: expect.stringMatching(/Up to 5 photos/) })
    expect(stored(id)).toEqual(kept)
    // The refusal did not use the token up: two more fit.
    expect(await (await handle(upload(second, photos(2)), '')).json()).toEqual({ success: true, added: 2, total: 5 })
    expect(await photoRows(site, id)).toHaveLength(5)
    expect(stored(id)).toHaveLength(5)
    expect((await handle(upload(tokens.issue(id), [photo()]), '')).status).toBe(409)
    expect((await handle(upload(tokens.issue(id), photos(6)), '')).status).toBe(400)
    expect(stored(id)).toHaveLength(5)
  })

  it('a used token is refused, and its second upload leaves no file', async () => {
    const { id, tokens, handle, stored } = await setUp({ store })
    const token = tokens.issue(id)
    expect((await handle(upload(token, [photo()]), '')).status).toBe(200)
    const kept = stored(id)
    const used = await handle(upload(token, [photo()]), '')
    expect(used.status).toBe(403)
    expect(await used.json()).toMatchObject({ reason: 'token', error: expect.stringMatching(/already used/) })
    expect(stored(id)).toEqual(kept)
  })

  it('a database failure at the record answers 503 and leaves no file', async () => {
    const { id, site, tokens, handle, stored } = await setUp({ store })
    const db = site.db
    // A real failure of the photos' INSERT, on either database: a constraint no new row meets.
    await rowsOf(db, 'ALTER TABLE lead_photos ADD CONSTRAINT test_down CHECK (false) NOT VALID')
    const failed = await handle(upload(tokens.issue(id), photos(2)), '')
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ reason: 'failed' })
    expect(stored(id)).toEqual([])
    expect(await photoRows(site, id)).toEqual([])
  })

  it("the owner's /owner/photos/<lead>/<name> answers 401 without the session, 404 for a name the lead lacks, and the photo, never cached, with it", async () => {
    const { id, site, tokens, handle, stored } = await setUp({ store })
    const cookie = await signIn(site)
    await handle(upload(tokens.issue(id), [photo()]), '')
    const [name] = stored(id)
    const get = (leadId: string, photoName: string, withCookie?: string) =>
      // As its route wraps it.
      runHandler(
        (request) => forOwner(() => ownerPhotoResponse(site.db, site.files, { leadId, name: photoName }))({ request }),
        new Request(`http://localhost:3000/owner/photos/${leadId}/${photoName}`, {
          headers: withCookie ? { Cookie: withCookie } : {},
        }),
      )

    const anonymous = await get(id, name!)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('Cache-Control')).toBe('private, no-store')
    expect(anonymous.headers.get('Content-Type')).not.toMatch(/image/)

    const shown = await get(id, name!, cookie)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Content-Type')).toBe('image/jpeg')
    expect(shown.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).format).toBe('jpeg')
    expect((await get(id, `${'0'.repeat(32)}.jpg`, cookie)).status).toBe(404)
    expect((await get(await storeTestLead(site, 'Jose'), name!, cookie)).status).toBe(404)
    expect((await get(id, '..%2F..%2Fpglite', cookie)).status).toBe(404)
  })
})

describe('adding photos to a stored lead', { timeout: 120_000 }, () => {
  it('a 30 MB file, or a body announced larger than five photos, gets 413 with a message, and nothing is stored', async () => {
    const { id, site, tokens, handle, stored } = await setUp()
    const big = new Uint8Array(30 * 1024 * 1024)
    big.set(gpsJpeg)
    const response = await handle(upload(tokens.issue(id), [photo(big, 'huge.jpg')]), '')
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ success: false, error: expect.stringMatching(/larger than 15 MB/) })
    expect(stored(id)).toEqual([])
    expect(await photoRows(site, id)).toEqual([])

    const announced = upload(tokens.issue(id), [photo()])
    announced.headers.set('Content-Length', String(200 * 1024 * 1024))
    expect((await handle(announced, '')).status).toBe(413)
  })

  it('a PDF named .jpg and sent as image/jpeg gets 415; the good photo beside it is not kept either', async () => {
    const { id, site, tokens, handle, stored } = await setUp()
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
    const response = await handle(upload(tokens.issue(id), [photo(), photo(pdf, 'quote.jpg')]), '')
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ success: false, reason: 'not-image' })
    expect(stored(id)).toEqual([])
    expect(await photoRows(site, id)).toEqual([])
  })

  it("refuses a token changed to another lead, another site's token, an expired one and one for suspected spam", async () => {
    let now = Date.now()
    const { id: maria, site, tokens, handle, stored } = await setUp({ now: () => now })
    const spam = await storeTestLead(site, 'Bot', { spamReason: 'honeypot' })
    expect((await handle(upload(tokens.issue(spam), [photo()]), '')).status).toBe(403)
    expect(stored(spam)).toEqual([])

    const other = await storeTestLead(site, 'Jose')
    const forged = tokens.issue(maria).replace(maria, other)
    expect((await handle(upload(forged, [photo()]), '')).status).toBe(403)
    const foreign = createPhotoTokens(randomBytes(32).toString('hex')).issue(other)
    expect((await handle(upload(foreign, [photo()]), '')).status).toBe(403)
    expect(stored(other)).toEqual([])

    const late = tokens.issue(other)
    now += PHOTO_TOKEN_TTL_MS + 1000
    expect((await handle(upload(late, [photo()]), '')).status).toBe(410)
    expect(stored(other)).toEqual([])
  })

  it('counts uploads per client in the database: every instance refuses the one over the limit', async () => {
    const { id, site, tokens } = await setUp()
    // Two instances of the site on one database.
    const [one, other] = [0, 1].map(() => handlerOn(site, { tokens, rateLimit: 2 }))
    expect((await one!(upload(tokens.issue(id), [photo()]), '203.0.113.5')).status).toBe(200)
    expect((await other!(upload(tokens.issue(id), [photo()]), '203.0.113.5')).status).toBe(200)
    const refused = await one!(upload(tokens.issue(id), [photo()]), '203.0.113.5')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ reason: 'rate-limited' })
    expect((await other!(upload(tokens.issue(id), [photo()]), '203.0.113.5')).status).toBe(429)
    expect((await one!(upload(tokens.issue(id), [photo()]), '198.51.100.7')).status).toBe(200)
    // Counted under a hash of the address, never the address itself.
    const hits = await rowsOf<{ key: string }>(site, `SELECT key FROM rate_limit_hits WHERE bucket = 'photos'`)
    expect(hits).toHaveLength(3)
    expect(hits.map((row) => row.key).join()).not.toMatch(/203\.0\.113|198\.51\.100/)
  })

  it('the owner gets the lead e-mail, then one short e-mail per upload naming how many photos came', async () => {
    const mail = await startSmtp()
    const { id, site, tokens, handle } = await setUp({ env: { SMTP_URL: mail.url } })
    await handle(upload(tokens.issue(id), photos(3)), '')
    await site.outbox.drain()
    await handle(upload(tokens.issue(id), [photo()]), '')
    await site.outbox.drain()
    // The lead's e-mail and the first notice may leave in either order: they are due together here.
    expect(mail.received.map((m) => m.mail.subject).sort()).toEqual([
      'Maria added 3 photos',
      'Maria added 4 photos',
      'New quote request from Maria',
    ])
    const notice = mail.received.find((m) => m.mail.subject === 'Maria added 3 photos')!.mail
    expect(notice.text).toContain('/owner')
    expect(notice.attachments).toEqual([])
  })
})

const HEIC_DECODE = 'HEIC decode started in a child process'
// "A few KB": a part's headers and the token, read in 1 KB chunks.
const FEW_KB = 8 * 1024

describe('uploads refused before their photos are read (decision 051)', { timeout: 180_000 }, () => {
  // Five 1 MB files: what the server would have read whole before.
  const bulky = Array.from({ length: 5 }, (_, i) => photo(randomBytes(1024 * 1024), `IMG_000${i}.jpg`))
  const post = (token: string, json: boolean, files = bulky) => {
    const { form, headers } = uploadForm(token, files, json)
    return countedPost(`${SITE}/quote-photos`, form, headers)
  }

  it('a bad, foreign, missing or misplaced token is refused after a few KB, and the rest is never read', async () => {
    const { id, tokens, handle } = await setUp()
    const foreign = createPhotoTokens(randomBytes(32).toString('hex')).issue(id)
    const refusals = [
      { why: 'a bad token in the header', ...(await post('not-a-token', true)) },
      { why: "another site's token in the header", ...(await post(foreign, true)) },
      { why: 'a forged token as the first part', ...(await post(`${tokens.issue(id)}x`, false)) },
    ]
    // The plain path with the token after the photos: its first part is not the token.
    const { form } = uploadForm('', bulky, true)
    form.append('token', tokens.issue(id))
    const plain = await countedPost(`${SITE}/quote-photos`, form, { Origin: SITE })
    refusals.push({ why: 'the token after the photos', ...plain })

    for (const { why, request, seen } of refusals) {
      const response = await handle(request, '')
      expect([why, response.status]).toEqual([why, request.headers.has(PHOTO_TOKEN_HEADER) ? 403 : 303])
      if (response.status === 303) expect(response.headers.get('Location')).toBe('/quote-request?photos=token')
      expect(seen.size).toBeGreaterThan(5 * 1024 * 1024)
      expect([why, seen.pulled <= FEW_KB, seen.cancelled]).toEqual([why, true, true])
    }
    // The same counting on a good token: the whole body is read (and refused, as five random files are not photos).
    const good = await post(tokens.issue(id), true)
    expect((await handle(good.request, '')).status).toBe(415)
    expect([good.seen.pulled, good.seen.cancelled]).toEqual([good.seen.size, false])
  })

  it('a client over its limit, and a flood of tiny parts, are refused after a few KB', async () => {
    const { id, site, tokens, handle: tokenHandle } = await setUp()
    const handle = handlerOn(site, { tokens, rateLimit: 1 })
    expect((await handle(upload(tokens.issue(id), [photo()]), '203.0.113.9')).status).toBe(200)
    const limited = await post(tokens.issue(id), true)
    expect((await handle(limited.request, '203.0.113.9')).status).toBe(429)
    expect([limited.seen.pulled <= FEW_KB, limited.seen.cancelled]).toEqual([true, true])

    // 50,000 one-byte fields, then 50,000 one-byte files, behind a good token.
    for (const kind of ['field', 'file']) {
      const form = new FormData()
      for (let i = 0; i < 50_000; i++) form.append('photos', kind === 'file' ? new Blob(['x']) : 'x')
      const flood = await countedPost(`${SITE}/quote-photos`, form, uploadForm(tokens.issue(id), []).headers)
      const refused = await tokenHandle(flood.request, '198.51.100.9')
      expect([kind, refused.status]).toEqual([kind, 400])
      expect(flood.seen.size).toBeGreaterThan(2 * 1024 * 1024)
      expect([kind, flood.seen.pulled <= FEW_KB, flood.seen.cancelled]).toEqual([kind, true, true])
    }
  })

  it("a HEIC's pixels come back from its decoding process shrunk to 1600 px on the shorter side, never whole", async () => {
    const { info } = await decodePhoto(heic, PHOTO_MAX_SIDE)
    const sides = [Math.max(info.width, info.height), Math.min(info.width, info.height)]
    expect([...sides, info.channels]).toEqual([2400, 1600, 4])
  })

  it(`a ${HUGE_HEIC_SIDE} × ${HUGE_HEIC_SIDE} HEIC is refused with 415 from its header, before any decode starts`, async () => {
    const huge = hugeHeic()
    expect(await sharp(huge).metadata()).toMatchObject({ format: 'heif', compression: 'hevc', width: HUGE_HEIC_SIDE })
    const { id, site, tokens, handle, stored } = await setUp()
    const log = captureLog()
    const decodes = () => log.records().filter((record) => record.msg === HEIC_DECODE).length
    // The positive signal: an iPhone's HEIC (HEVC, made by heif-enc; sent with no type) starts a decode, and is
    // stored as a JPEG of at most 1600 px.
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic')
    const phone = upload(tokens.issue(id), [{ bytes: heic, name: 'IMG_0002.HEIC', type: '' }])
    expect((await handle(phone, '')).status).toBe(200)
    expect(decodes()).toBe(1)
    const meta = await sharp((await site.files.get(`lead-photos/${id}/${stored(id)[0]}`))!).metadata()
    expect([meta.format, Math.max(meta.width, meta.height) <= 1600]).toEqual(['jpeg', true])
    const refused = await handle(upload(tokens.issue(id), [{ bytes: huge, name: 'IMG_9984.HEIC' }]), '')
    expect(refused.status).toBe(415)
    expect(await refused.json()).toMatchObject({ reason: 'not-image', error: LEAD_PHOTO_MESSAGES['not-image'] })
    expect(decodes()).toBe(1)
    expect(stored(id)).toHaveLength(1)
  })

  it('a token is spent after five photos judged, even when every one failed to decode', async () => {
    const { id, site, tokens, handle, stored } = await setUp()
    // The header says 3000 × 2000 HEVC; the coded pixels after it are zeros, so only the decode itself fails.
    const pixelsAt = heic.indexOf('mdat') + 4
    const broken = {
      bytes: Buffer.concat([heic.subarray(0, pixelsAt), Buffer.alloc(heic.byteLength - pixelsAt)]),
      name: 'zeros.heic',
    }
    expect(await sharp(broken.bytes).metadata()).toMatchObject({ format: 'heif', width: 3000 })
    const token = tokens.issue(id)
    const log = captureLog()
    expect((await handle(upload(token, [broken, broken, broken]), '')).status).toBe(415)
    expect((await handle(upload(token, [broken, broken], false), '')).headers.get('Location')).toBe(
      '/quote-request?photos=not-image',
    )
    // Each upload stopped at its first photo's failed decode; all five photos counted.
    expect(log.records().filter((record) => record.msg === HEIC_DECODE)).toHaveLength(2)
    // A sixth photo on that token, a good one, is refused before it is read.
    const replay = await post(token, true, [photo()])
    const refused = await handle(replay.request, '')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ reason: 'token' })
    expect([replay.seen.pulled <= FEW_KB, replay.seen.cancelled]).toEqual([true, true])
    const counted = `SELECT photos FROM lead_photo_token_counts WHERE lead_id = $1`
    expect(await rowsOf(site, counted, [id])).toEqual([{ photos: 5 }])
    // Only that token is spent: the lead takes photos from a new one.
    expect(stored(id)).toEqual([])
    expect((await handle(upload(tokens.issue(id), [photo()]), '')).status).toBe(200)
  })

  it('a token with room for fewer photos than sent is refused before any is decoded', async () => {
    const { id, tokens, handle, stored } = await setUp()
    const token = tokens.issue(id)
    const pdf = { bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), name: 'a.jpg' }
    expect((await handle(upload(token, [pdf, pdf, pdf]), '')).status).toBe(415)
    expect((await handle(upload(token, photos(3)), '')).status).toBe(403)
    expect((await handle(upload(token, photos(2)), '')).status).toBe(200)
    expect(stored(id)).toHaveLength(2)
  })
})

describe('the upload token in the quote answer', { timeout: 120_000 }, () => {
  it('a stored lead gets a token for its own id; suspected spam gets none', async () => {
    const { site, tokens } = await setUp()
    const clean = await postLead(site, leadForm({ firstName: 'Rosa' }))
    expect(clean.body).toEqual({ success: true, photoToken: expect.any(String) })
    const check = tokens.check((clean.body as { photoToken: string }).photoToken)
    if (!check.ok) throw new Error(check.reason)
    const lead = await rowsOf(site, `SELECT first_name FROM leads WHERE id = $1`, [check.leadId])
    expect(lead).toEqual([{ first_name: 'Rosa' }])
    const spam = await postLead(site, leadForm({ firstName: 'Jose', company: 'bot' }))
    expect(spam.body).toEqual({ success: true })
  })
})
