/**
 * The owner's posted work (docs/decisions/049-posted-work.md): real sharp and libheif, real files made with
 * exiftool and Debian's heif-enc (apt packages libimage-exiftool-perl and libheif-examples), the upload and the
 * photo route answering through Start's server entry as in production, in each file store where they differ.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import * as v from 'valibot'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { buildImages } from '../../scripts/build-images'
import {
  POSTED_WORK_FILE_PATTERN,
  postWorkFieldsSchema,
  type PostWorkResponse,
} from '../../app/features/work/posted-work'
import type { Db } from '../../app/platform/db/database.server'
import { onStoredPagesDropped } from '../../app/platform/http/html-cache.server'
import {
  composeBeforeAfter,
  decodeToRaw,
  encodeVariants,
  type RawImage,
} from '../../app/platform/images/image-variants.server'
import { forOwner } from '../../app/platform/http/owner-access.server'
import { backupLeadPhotos, restoreLeadPhotos } from '../../scripts/backup-files'
import { handlePostWork, storePostedWork } from '../../app/features/work/post-work.server'
import { deleteWork, listOwnerWork, publishedWork, setWorkPublished } from '../../app/features/work/posted-work.server'
import { workPhotoResponse } from '../../app/features/work/posted-work.server'
import {
  countedPost,
  FILE_STORES,
  rowsOf,
  runHandler,
  storeTestLead,
  useFileStores,
  useOwnerSessions,
  useTempDirs,
  useTestSites,
  type FileStoreName,
} from './helpers'
import { captureLog } from '../support/log-capture'
import type { TestSite } from '../support/test-site'
import { flatPng, hugeHeic } from '../support/huge-heic'
import { heicOf, phoneJpeg } from '../support/phone-photo-tags'

const tempDir = useTempDirs()
const testSite = useTestSites()
const fileStore = useFileStores()
const signIn = useOwnerSessions()
const SITE = 'http://localhost:3000'
// The session check reads the site's configuration, as in production: set before any import parses it.
vi.hoisted(() => {
  process.env.OWNER_EMAIL = 'owner@example.com'
  process.env.OWNER_SESSION_SECRET = 'posted-work-test-session-secret-0123456789abcdef'
})

let drops = 0
onStoredPagesDropped(() => drops++)

let gpsJpeg: Buffer
let afterJpeg: Buffer
let heic: Buffer

/** exiftool's view of the file itself and its container; an EXIF, GPS, XMP or ICC block would add its group. */
const CONTAINER_GROUPS = new Set(['SourceFile', 'ExifTool', 'System', 'File', 'Composite', 'RIFF', 'QuickTime', 'Meta'])

function exif(...files: string[]): Record<string, unknown>[] {
  return JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', '-n', ...files]).toString())
}

/** The tag groups beyond the container's own. */
const extraGroups = (tags: Record<string, unknown>) =>
  [...new Set(Object.keys(tags).map((tag) => tag.split(':')[0]!))].filter((group) => !CONTAINER_GROUPS.has(group))

beforeAll(async () => {
  const fixtures = await tempDir()
  // 3000 × 2000 taken "on its side" (orientation 6), with a position in it, as a phone stores one.
  gpsJpeg = await phoneJpeg(join(fixtures, 'before.jpg'), 3000, 2000, '#8a5a3c', 'Folsom driveway')
  const afterPath = join(fixtures, 'after.jpg')
  await sharp({ create: { width: 2000, height: 3000, channels: 3, background: '#d8d4cc' } })
    .jpeg()
    .toFile(afterPath)
  afterJpeg = readFileSync(afterPath)
  heic = heicOf(afterPath)
}, 120_000)

/** A site on `store`, the owner signed in, and the upload answering through Start's server entry. */
async function setUp(store: FileStoreName = 'the folder store') {
  const files = await fileStore(store)
  const site = await testSite(files.env)
  const cookie = await signIn(site)
  // As its route wraps it.
  const wrapped = forOwner(({ request }: { request: Request }) => handlePostWork(site.db, request, site.files))
  const handle = (request: Request) => wrapped({ request })
  const post = async (request: Request) => {
    const response = await runHandler(handle, request)
    return { status: response.status, body: (await response.json()) as PostWorkResponse }
  }
  /** The owner's upload of `upload`, signed in, from the site's own page. */
  const postWork = (upload?: Upload) => post(postRequest(cookie, upload))
  const db = site.db
  return { site, db, cookie, post, postWork, files: () => files.names(site, 'posted-work'), standIn: files.standIn }
}

interface Upload {
  id?: string
  before?: Uint8Array
  after?: Uint8Array
  beforeName?: string
  fields?: Record<string, string>
  headers?: Record<string, string>
}

function workForm(upload: Upload = {}): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(workFields(upload))) form.set(name, value)
  form.set('before', new Blob([new Uint8Array(upload.before ?? gpsJpeg)]), upload.beforeName ?? 'IMG_0001.jpg')
  form.set('after', new Blob([new Uint8Array(upload.after ?? afterJpeg)]), 'IMG_0002.jpg')
  return form
}

function workFields(upload: Upload = {}) {
  return {
    id: upload.id ?? randomUUID(),
    category: 'Driveway Cleaning',
    city: 'folsom',
    caption: 'Oil stains gone before the open house',
    alt: 'Before and after: driveway cleaning in Folsom',
    consent: 'yes',
    ...upload.fields,
  }
}

function postRequest(cookie: string | null, upload: Upload = {}): Request {
  return new Request(`${SITE}/owner/work`, {
    method: 'POST',
    body: workForm(upload),
    headers: { Origin: SITE, Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...upload.headers },
  })
}

const served = (site: TestSite, file: string, headers: HeadersInit = {}) =>
  runHandler(
    (request) => workPhotoResponse(site.db, { request, file }, site.files, site.config.htmlCacheSeconds),
    new Request(`${SITE}/work-photos/${file}`, { headers }),
  )

async function posted(result: { status: number; body: PostWorkResponse }) {
  expect(result.status).toBe(200)
  if (!result.body.success) throw new Error(result.body.error)
  return result.body.work
}

/** A real failure of the row's INSERT, on either database: a constraint no new row meets. */
const failRows = (db: Db, fail: boolean) =>
  rowsOf(db, `ALTER TABLE posted_work ${fail ? 'ADD CONSTRAINT down CHECK (false) NOT VALID' : 'DROP CONSTRAINT down'}`)

describe('posting work from the inbox', { timeout: 180_000 }, () => {
  it('signed out answers 401, a cross-site post 403, and nothing is stored', async () => {
    const { db, postWork, post, files } = await setUp()
    // Refused before the body is read: of two 5 MB photos, at most a few KB was pulled, and the rest cancelled.
    const big = new Uint8Array(5 * 1024 * 1024)
    big.set(gpsJpeg)
    const stranger = await countedPost(`${SITE}/owner/work`, workForm({ before: big, after: big }), { Origin: SITE })
    const signedOut = await post(stranger.request)
    expect(signedOut).toMatchObject({ status: 401, body: { success: false, reason: 'signed-out' } })
    expect(stranger.seen.size).toBeGreaterThan(10 * 1024 * 1024)
    expect([stranger.seen.pulled <= 8 * 1024, stranger.seen.cancelled]).toEqual([true, true])

    const crossSite = await postWork({ headers: { Origin: 'https://evil.example' } })
    expect(crossSite).toMatchObject({ status: 403, body: { reason: 'forbidden' } })
    const fetched = await postWork({ headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(fetched.status).toBe(403)
    expect(files()).toEqual([])
    expect(await listOwnerWork(db)).toEqual([])
  })

  it('a 30 MB photo gets 413 after at most one photo’s worth of bytes is read, and nothing is stored', async () => {
    const { cookie, post, files } = await setUp()
    const big = new Uint8Array(30 * 1024 * 1024)
    big.set(gpsJpeg)
    // The multipart body, streamed, counting what the server pulls.
    const { request, seen } = await countedPost(`${SITE}/owner/work`, workForm({ before: big }), {
      Origin: SITE,
      Cookie: cookie,
    })
    expect(seen.size).toBeGreaterThan(30 * 1024 * 1024)
    const refused = await post(request)
    expect(refused).toMatchObject({ status: 413, body: { reason: 'too-large' } })
    expect(refused.body.success === false && refused.body.error).toMatch(/larger than 15 MB/)
    expect([seen.pulled < 16 * 1024 * 1024, seen.cancelled]).toEqual([true, true])
    expect(files()).toEqual([])

    const announced = postRequest(cookie)
    announced.headers.set('Content-Length', String(200 * 1024 * 1024))
    expect((await post(announced)).status).toBe(413)
  })

  it('a PDF named .jpg gets 415, and nothing is stored', async () => {
    const { postWork, files } = await setUp()
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
    const refused = await postWork({ before: pdf, beforeName: 'before.jpg' })
    expect(refused).toMatchObject({ status: 415, body: { success: false, reason: 'not-image' } })
    expect(files()).toEqual([])
  })

  it('a 20000 × 20000 PNG and a 9984 × 9984 HEIC are refused with 415 from their headers, no HEIC decode started', async () => {
    const { postWork, files } = await setUp()
    const bombPath = join(await tempDir(), 'bomb.png')
    flatPng(20000, bombPath)
    const bomb = readFileSync(bombPath)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20000, height: 20000 })
    // What the upload costs in memory is npm run bench:photo-flood's to measure (a test asserts no samples).
    const refused = await postWork({ before: bomb, beforeName: 'bomb.png' })
    expect(refused).toMatchObject({ status: 415, body: { reason: 'not-image' } })

    const log = captureLog()
    const decodes = () => log.records().filter((record) => record.msg === 'HEIC decode started in a child process')
    const huge = await postWork({ after: hugeHeic() })
    expect(huge).toMatchObject({ status: 415, body: { reason: 'not-image' } })
    expect(decodes()).toEqual([])
    // The positive signal: an iPhone's HEIC (HEVC, made by heif-enc) is decoded in a child process, and posted.
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic')
    expect((await posted(await postWork({ after: heic }))).width).toBe(1600)
    expect(decodes()).toHaveLength(1)
    expect(files()).toHaveLength(12)
  })

  it('a missing photo, a missing consent or a bad city gets 400 with the form’s message', async () => {
    const { cookie, postWork, post } = await setUp()
    const noConsent = await postWork({ fields: { consent: '' } })
    expect(noConsent).toMatchObject({
      status: 400,
      body: { reason: 'invalid', error: expect.stringMatching(/customer agreed/) },
    })
    const badCity = await postWork({ fields: { city: 'atlantis' } })
    expect(badCity.body).toMatchObject({ error: 'Choose a town from the list.' })
    const form = workForm()
    form.delete('after')
    const missing = await post(
      new Request(`${SITE}/owner/work`, { method: 'POST', body: form, headers: { Origin: SITE, Cookie: cookie } }),
    )
    expect(missing).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/before photo and an after photo/) },
    })
  })

  it('hiding takes a job and its photos (cached only as long as a page) off the site at once, dropping the stored pages; showing brings them back', async () => {
    const { site, db, postWork } = await setUp()
    const work = await posted(await postWork())
    const published = async () => (await publishedWork(db, 60)).map((each) => each.id)
    expect(await published()).toEqual([work.id])
    const file = `${work.imageHash}-640.avif`
    const shown = await served(site, file)
    expect(shown.status).toBe(200)
    // HTML_CACHE_SECONDS' default: a CDN or browser drops a hidden photo when it would drop the page.
    expect(shown.headers.get('Cache-Control')).toBe('public, max-age=10')
    const etag = shown.headers.get('ETag')!
    expect((await served(site, file, { 'If-None-Match': etag })).status).toBe(304)

    const before = drops
    expect(await setWorkPublished(db, work.id, false)).toBe(true)
    expect(drops).toBe(before + 1)
    expect(await published()).toEqual([])
    const hidden = await served(site, file)
    expect(hidden.status).toBe(404)
    expect(hidden.headers.get('Cache-Control')).toBe('no-store')
    // The inbox lists it either way; still on file, for the owner to show again: the row decides, not the file.
    expect(await listOwnerWork(db)).toMatchObject([{ id: work.id, published: false }])

    expect(await setWorkPublished(db, work.id, true)).toBe(true)
    expect(drops).toBe(before + 2)
    expect(await published()).toEqual([work.id])
    expect((await served(site, file)).status).toBe(200)
    expect((await served(site, `${work.imageHash}-9999.avif`)).status).toBe(404)
    expect(await setWorkPublished(db, randomUUID(), false)).toBe(false)
    expect(drops).toBe(before + 2)
  })

  it('a job posted from a lead names it, and one naming no stored lead (deleted since) is posted unlinked', async () => {
    const { site } = await setUp()
    const leadId = await storeTestLead(site, 'Linked')
    const frame = await encodeVariants(
      await composeBeforeAfter(await decodeToRaw(afterJpeg), await decodeToRaw(gpsJpeg)),
    )
    const store = (fields: Record<string, string>) =>
      storePostedWork(site.db, v.parse(postWorkFieldsSchema, workFields({ fields })), frame, site.files)
    expect(await store({ leadId })).toMatchObject({ leadId })
    expect(await store({ leadId: randomUUID() })).toMatchObject({ leadId: null })
    expect(await store({ leadId: '' })).toMatchObject({ leadId: null })
    expect((await listOwnerWork(site.db)).map((work) => work.leadId).sort()).toEqual([leadId, null, null])
  })
})

describe.each(FILE_STORES)('posted work in %s', { timeout: 180_000 }, (store) => {
  it('a photo with GPS is posted upright as one frame whose every stored and served variant has no EXIF', async () => {
    const { site, postWork, files, standIn } = await setUp(store)
    const id = randomUUID()
    const before = drops
    const work = await posted(await postWork({ id }))
    expect(work).toMatchObject({
      id,
      category: 'Driveway Cleaning',
      citySlug: 'folsom',
      caption: 'Oil stains gone before the open house',
      alt: 'Before and after: driveway cleaning in Folsom',
      published: true,
      leadId: null,
    })
    // Orientation 6 made the 3000 × 2000 "before" a portrait, as the "after" is: side by side, 3:4 cells.
    expect([work.width, work.height]).toEqual([1600, 1067])
    expect(work.widths).toEqual([320, 640, 720, 960, 1280, 1600])
    expect(work.placeholder).toMatch(/^#[0-9a-f]{6}$/)
    // This instance's stored pages went at once.
    expect(drops).toBe(before + 1)

    const names = files()
    expect(names).toHaveLength(12)
    const copies = await tempDir()
    for (const name of names) {
      expect(name).toMatch(POSTED_WORK_FILE_PATTERN)
      expect(name.startsWith(work.imageHash)).toBe(true)
      writeFileSync(join(copies, name), (await site.files.get(`posted-work/${name}`))!)
    }
    // Only the container's own groups (RIFF for WebP; QuickTime and Meta for AVIF): no EXIF, GPS, XMP or ICC.
    for (const tags of exif(...names.map((name) => join(copies, name)))) {
      expect(tags).toHaveProperty('File:MIMEType')
      expect(extraGroups(tags)).toEqual([])
    }

    // The left half is the brown "before", the right the light "after".
    const largest = join(copies, `${work.imageHash}-1600.webp`)
    const { data, info } = await sharp(largest).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)]
    expect(pixel(400, 500)[0]).toBeLessThan(160)
    expect(pixel(1200, 500)[0]).toBeGreaterThan(190)

    // The bucket is private: the public gets the files only through the site's /work-photos/.
    if (standIn) expect(standIn.buckets.get('posted-work')?.public).toBe(false)
    const response = await served(site, `${work.imageHash}-640.avif`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/avif')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=10')
    const servedFile = join(copies, 'served.avif')
    writeFileSync(servedFile, new Uint8Array(await response.arrayBuffer()))
    const [servedTags] = exif(servedFile)
    expect(servedTags!['File:FileType']).toBe('AVIF')
    expect(extraGroups(servedTags!)).toEqual([])
  })

  it('a failure at the row leaves no file, and never takes the files of the same photos posted before', async () => {
    const { db, postWork, files } = await setUp(store)
    await failRows(db, true)
    const failed = await postWork()
    expect(failed).toMatchObject({ status: 503, body: { reason: 'failed' } })
    expect(files()).toEqual([])
    expect(await listOwnerWork(db)).toEqual([])

    await failRows(db, false)
    await posted(await postWork())
    const kept = files()
    expect(kept).toHaveLength(12)
    await failRows(db, true)
    expect((await postWork()).status).toBe(503)
    expect(files()).toEqual(kept)
  })

  it('a retry with the same id posts nothing twice, and a racing retry with other photos leaves no file', async () => {
    const { site, db, postWork, files } = await setUp(store)
    const id = randomUUID()
    const first = await postWork({ id })
    const again = await postWork({ id, after: heic })
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    const kept = files()
    expect(kept).toHaveLength(12)

    // A retry that asked before the first's row was there: its own frame goes, the first's row answers.
    const other = await encodeVariants(
      await composeBeforeAfter(await decodeToRaw(afterJpeg), await decodeToRaw(gpsJpeg)),
    )
    const raced = await storePostedWork(site.db, v.parse(postWorkFieldsSchema, workFields({ id })), other, site.files)
    expect(raced).toEqual(first.body.success && first.body.work)
    expect((await listOwnerWork(db)).map((work) => work.id)).toEqual([id])
    expect(files()).toEqual(kept)
  })

  it('deleting removes the row and its files, but keeps files another post of the same photos shows', async () => {
    const { site, db, postWork, files } = await setUp(store)
    const first = await posted(await postWork())
    const twin = await posted(await postWork())
    expect(twin.imageHash).toBe(first.imageHash)
    expect(files()).toHaveLength(12)
    const file = `${first.imageHash}-320.webp`
    expect((await served(site, file)).status).toBe(200)

    const before = drops
    expect(await deleteWork(site.db, first.id, site.files)).toBe(true)
    expect(files()).toHaveLength(12)
    expect(await deleteWork(site.db, twin.id, site.files)).toBe(true)
    expect(drops).toBe(before + 2)
    expect(files()).toEqual([])
    expect(await listOwnerWork(db)).toEqual([])
    expect(await deleteWork(site.db, twin.id, site.files)).toBe(false)

    const gone = await served(site, file)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('Cache-Control')).toBe('no-store')
    expect((await served(site, '../data.db')).status).toBe(404)
  })
})

describe('backups of the photos', { timeout: 180_000 }, () => {
  it("a backup's photo archive beside the database's restores the folder store's posted work and lead photos", async () => {
    const { site, postWork, files } = await setUp()
    await posted(await postWork())
    // A visitor's photo, where the upload puts it (lead-photos.test.ts stores them through the upload).
    const leadPhoto = `lead-photos/${randomUUID()}/${'a'.repeat(32)}.jpg`
    expect(await site.files.put(leadPhoto, new Uint8Array(gpsJpeg), 'image/jpeg')).toBe(true)
    const backups = await tempDir()
    const archive = backupLeadPhotos(site.dataDir, join(backups, 'site-2026-11-28.tar.gz'))
    expect(archive).toBe(join(backups, 'site-2026-11-28-photos.tar.gz'))

    const restoredDir = await tempDir()
    expect(restoreLeadPhotos(restoredDir, join(backups, 'site-2026-11-28.tar.gz'))).toBe(archive)
    const restored = readdirSync(join(restoredDir, 'posted-work')).sort()
    expect(restored).toEqual(files())
    for (const file of [...restored.map((name) => `posted-work/${name}`), leadPhoto])
      expect(readFileSync(join(restoredDir, file))).toEqual(readFileSync(join(site.dataDir, file)))
    // A site that never took a photo backs up and restores the database alone.
    expect(backupLeadPhotos(await tempDir(), join(backups, 'empty.tar.gz'))).toBeNull()
    expect(restoreLeadPhotos(await tempDir(), join(backups, 'empty.tar.gz'))).toBeNull()
  })
})

describe('one image pipeline', { timeout: 180_000 }, () => {
  const solid = async (width: number, height: number, background: string): Promise<RawImage> =>
    decodeToRaw(
      await sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    )

  it('portrait photos go side by side, landscape ones stacked, the longest side at most 1600, the same every time', async () => {
    const portrait = await composeBeforeAfter(await solid(1500, 2000, '#a00'), await solid(3000, 4000, '#0a0'))
    expect(await sharp(portrait).metadata()).toMatchObject({ width: 1600, height: 1067 })
    // No cell asks more of a photo than it has: the smaller one sets the size.
    const small = await composeBeforeAfter(await solid(600, 800, '#a00'), await solid(3000, 4000, '#0a0'))
    expect(await sharp(small).metadata()).toMatchObject({ width: 1200, height: 800 })
    const landscape = await composeBeforeAfter(await solid(4032, 3024, '#a00'), await solid(4032, 3024, '#0a0'))
    expect(await sharp(landscape).metadata()).toMatchObject({ width: 1066, height: 1600 })
    const { data, info } = await sharp(landscape).raw().toBuffer({ resolveWithObject: true })
    const at = (y: number) => [...data.subarray(y * info.width * info.channels).subarray(0, 3)]
    // Before on top, after below.
    expect(at(10)[0]).toBeGreaterThan(150)
    expect(at(10)[1]).toBeLessThan(20)
    expect(at(1590)[0]).toBeLessThan(20)
    expect(at(1590)[1]).toBeGreaterThan(150)
    const again = await composeBeforeAfter(await solid(4032, 3024, '#a00'), await solid(4032, 3024, '#0a0'))
    expect(again.equals(landscape)).toBe(true)
  })

  it('npm run images and the upload make byte-identical variants of the same composed frame', async () => {
    const composed = await composeBeforeAfter(await decodeToRaw(gpsJpeg), await decodeToRaw(afterJpeg))
    const root = await tempDir()
    mkdirSync(join(root, 'images'))
    writeFileSync(join(root, 'images', 'frame.png'), composed)
    const stats = await buildImages({ root })
    expect(stats.warnings).toEqual(['no images/hero.* found: public/og-image.jpg not generated'])
    const manifest = JSON.parse(readFileSync(join(root, 'app', 'content', 'image-manifest.json'), 'utf8')).frame
    const upload = await encodeVariants(composed)

    expect([upload.width, upload.height, upload.widths, upload.placeholder]).toEqual([
      manifest.width,
      manifest.height,
      manifest.widths,
      manifest.placeholder,
    ])
    expect(upload.files).toHaveLength(manifest.widths.length * 2)
    for (const file of upload.files) {
      const [, , width, format] = POSTED_WORK_FILE_PATTERN.exec(file.name)!
      const built = readFileSync(join(root, 'public', 'img', `frame.${manifest.hash}-${width}.${format}`))
      expect(Buffer.from(file.bytes).equals(built), file.name).toBe(true)
    }
    // The same settings and bytes: the build's 8-hex name is the upload's 16-hex name, shortened.
    expect(upload.hash.startsWith(manifest.hash)).toBe(true)
  })
})
