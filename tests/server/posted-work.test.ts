/**
 * The owner's posted work (docs/decisions/049-posted-work.md): real PGlite, real sharp and libheif, real files
 * made with exiftool and Debian's heif-enc (apt packages libimage-exiftool-perl and libheif-examples), the
 * upload and the photo route answering through Start's server entry as in production.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { createServerEntry } from '@tanstack/react-start/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildImages } from '../../scripts/build-images'
import { POSTED_WORK_FILE_PATTERN, type PostWorkResponse } from '../../app/lib/posted-work'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { embeddedOwnerId } from '../../app/server/backend/embedded-owner.server'
import { SITE_CALLER, type Backend } from '../../app/server/backend/backend.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { onStoredPagesDropped } from '../../app/server/http/html-cache.server'
import {
  composeBeforeAfter,
  decodeToRaw,
  encodeVariants,
  type RawImage,
} from '../../app/server/images/image-variants.server'
import { SESSION_COOKIE } from '../../app/server/owner/owner-access.server'
import { backupLeadPhotos, restoreLeadPhotos } from '../../app/server/owner/photo-backup.server'
import { hashToken, sealSessionSecret } from '../../app/server/owner/sign-in.server'
import { deleteWork, listOwnerWork, setWorkPublished } from '../../app/server/work/owner-work.server'
import { createPostWorkHandler } from '../../app/server/work/post-work.server'
import { workPhotoResponse } from '../../app/server/work/work-photos.server'
import { useCleanup, useTempDirs } from './helpers'
import { tagLikeAPhone } from '../support/phone-photo-tags'

const tempDir = useTempDirs()
const cleanup = useCleanup()
const OWNER = 'owner@example.com'
const OWNER_CALLER = { as: 'owner' as const, userId: embeddedOwnerId(OWNER) }
const BACKEND = Symbol.for('pressure-washing-site.backend')
const SESSION_PASSWORD = randomBytes(32).toString('base64')
const SITE = 'http://localhost:3000'
// The session check reads the site's configuration and its one backend, as in production.
process.env.OWNER_EMAIL = OWNER
process.env.OWNER_SESSION_SECRET = SESSION_PASSWORD

let fixtures: string
let gpsJpeg: Buffer
let afterJpeg: Buffer
let heic: Buffer

/** exiftool's view of the file itself and its container; an EXIF, GPS, XMP or ICC block would add its group. */
const CONTAINER_GROUPS = new Set(['SourceFile', 'ExifTool', 'System', 'File', 'Composite', 'RIFF', 'QuickTime', 'Meta'])

function exif(file: string): Record<string, unknown> {
  return JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', '-n', file]).toString())[0]
}

beforeAll(async () => {
  fixtures = await tempDir()
  // 3000 × 2000 taken "on its side" (orientation 6), with a position in it, as a phone stores one.
  const jpegPath = join(fixtures, 'before.jpg')
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .toFile(jpegPath)
  tagLikeAPhone(jpegPath, ['-Orientation#=6', '-Artist=Folsom driveway'])
  gpsJpeg = readFileSync(jpegPath)
  expect(exif(jpegPath)['GPS:GPSLatitude']).toBeCloseTo(38.678)
  afterJpeg = await sharp({ create: { width: 2000, height: 3000, channels: 3, background: '#d8d4cc' } })
    .jpeg()
    .toBuffer()
  const heicPath = join(fixtures, 'after.heic')
  writeFileSync(join(fixtures, 'after.jpg'), afterJpeg)
  execFileSync('heif-enc', ['-q', '60', '-o', heicPath, join(fixtures, 'after.jpg')], { stdio: 'ignore' })
  heic = readFileSync(heicPath)
}, 120_000)

async function setUp(options: { wrap?: (backend: EmbeddedBackend) => Backend } = {}) {
  const dataDir = await tempDir()
  const backend = createEmbeddedBackend({ config: parseRuntimeConfig({ OWNER_EMAIL: OWNER }), dataDir })
  cleanup.push(() => backend.close())
  const g = globalThis as Record<symbol, unknown>
  g[BACKEND] = backend
  cleanup.push(async () => void delete g[BACKEND])
  const handle = createPostWorkHandler({ backend: options.wrap?.(backend) ?? backend })
  const entry = createServerEntry({ fetch: (request) => handle(request) })
  const post = async (request: Request) => {
    const response = await entry.fetch(request)
    return { status: response.status, body: (await response.json()) as PostWorkResponse }
  }
  const files = () => {
    const dir = join(dataDir, 'posted-work')
    return existsSync(dir) ? readdirSync(dir).sort() : []
  }
  return { backend, dataDir, post, files }
}

async function signedIn(backend: Backend): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  await backend.callSql(
    'owner_session_start',
    { p_secret_hash: hashToken(secret), p_auth_tokens: null },
    OWNER_CALLER,
    'value',
  )
  return `${SESSION_COOKIE}=${await sealSessionSecret(SESSION_PASSWORD, secret, 3600)}`
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
  const fields = {
    id: upload.id ?? randomUUID(),
    category: 'Driveway Cleaning',
    city: 'folsom',
    caption: 'Oil stains gone before the open house',
    alt: 'Before and after: driveway cleaning in Folsom',
    consent: 'yes',
    ...upload.fields,
  }
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  form.set('before', new Blob([new Uint8Array(upload.before ?? gpsJpeg)]), upload.beforeName ?? 'IMG_0001.jpg')
  form.set('after', new Blob([new Uint8Array(upload.after ?? afterJpeg)]), 'IMG_0002.jpg')
  return form
}

function postRequest(cookie: string | null, upload: Upload = {}): Request {
  return new Request(`${SITE}/owner/work`, {
    method: 'POST',
    body: workForm(upload),
    headers: { Origin: SITE, Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...upload.headers },
  })
}

const served = (backend: Backend, file: string) =>
  createServerEntry({ fetch: (request) => workPhotoResponse(request, file, backend) }).fetch(
    new Request(`${SITE}/work-photos/${file}`),
  )

describe('posting work from the inbox', { timeout: 180_000 }, () => {
  it('signed out answers 401, a forged session 401, a cross-site post 403, and nothing is stored', async () => {
    const { backend, post, files } = await setUp()
    const signedOut = await post(postRequest(null))
    expect(signedOut).toMatchObject({ status: 401, body: { success: false, reason: 'signed-out' } })
    expect((await post(postRequest(`${SESSION_COOKIE}=forged`))).status).toBe(401)

    const cookie = await signedIn(backend)
    const crossSite = await post(postRequest(cookie, { headers: { Origin: 'https://evil.example' } }))
    expect(crossSite).toMatchObject({ status: 403, body: { reason: 'forbidden' } })
    const fetched = await post(postRequest(cookie, { headers: { 'Sec-Fetch-Site': 'cross-site' } }))
    expect(fetched.status).toBe(403)
    expect(files()).toEqual([])
    expect(await listOwnerWork(backend, OWNER_CALLER)).toEqual([])
  })

  it('a photo with GPS is posted upright as one frame whose every stored and served variant has no EXIF', async () => {
    const { backend, dataDir, post, files } = await setUp()
    let drops = 0
    onStoredPagesDropped(() => drops++)
    const id = randomUUID()
    const { status, body } = await post(postRequest(await signedIn(backend), { id }))
    expect(status).toBe(200)
    if (!body.success) throw new Error(body.error)
    expect(body.work).toMatchObject({
      id,
      category: 'Driveway Cleaning',
      citySlug: 'folsom',
      caption: 'Oil stains gone before the open house',
      alt: 'Before and after: driveway cleaning in Folsom',
      published: true,
      leadId: null,
    })
    // Orientation 6 made the 3000 × 2000 "before" a portrait, as the "after" is: side by side, 3:4 cells.
    expect([body.work.width, body.work.height]).toEqual([1600, 1067])
    expect(body.work.widths).toEqual([320, 640, 720, 960, 1280, 1600])
    expect(body.work.placeholder).toMatch(/^#[0-9a-f]{6}$/)
    // This instance's stored pages went at once.
    expect(drops).toBe(1)

    const names = files()
    expect(names).toHaveLength(12)
    for (const name of names) {
      expect(name).toMatch(POSTED_WORK_FILE_PATTERN)
      expect(name.startsWith(body.work.imageHash)).toBe(true)
      const tags = Object.keys(exif(join(dataDir, 'posted-work', name)))
      expect(tags).toContain('File:MIMEType')
      // Only the container's own groups (RIFF for WebP; QuickTime and Meta for AVIF): no EXIF, GPS, XMP or ICC.
      const groups = new Set(tags.map((tag) => tag.split(':')[0]))
      expect([...groups].filter((group) => !CONTAINER_GROUPS.has(group!))).toEqual([])
    }

    // The left half is the brown "before", the right the light "after".
    const largest = join(dataDir, 'posted-work', `${body.work.imageHash}-1600.webp`)
    const { data, info } = await sharp(largest).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)]
    expect(pixel(400, 500)[0]).toBeLessThan(160)
    expect(pixel(1200, 500)[0]).toBeGreaterThan(190)

    const response = await served(backend, `${body.work.imageHash}-640.avif`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/avif')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const servedFile = join(await tempDir(), 'served.avif')
    writeFileSync(servedFile, new Uint8Array(await response.arrayBuffer()))
    expect(exif(servedFile)['File:FileType']).toBe('AVIF')
    const servedGroups = new Set(Object.keys(exif(servedFile)).map((tag) => tag.split(':')[0]))
    expect([...servedGroups].filter((group) => !CONTAINER_GROUPS.has(group!))).toEqual([])
  })

  it("an iPhone's HEIC (HEVC, made by heif-enc) is accepted", async () => {
    const { backend, post, files } = await setUp()
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic')
    const { status, body } = await post(postRequest(await signedIn(backend), { after: heic }))
    expect(status).toBe(200)
    expect(body.success && body.work.width).toBe(1600)
    expect(files()).toHaveLength(12)
  })

  it('a 30 MB photo gets 413 after at most one photo’s worth of bytes is read, and nothing is stored', async () => {
    const { backend, post, files } = await setUp()
    const big = new Uint8Array(30 * 1024 * 1024)
    big.set(gpsJpeg)
    // The multipart body, streamed in 64 KB chunks, counting what the server pulls.
    const encoded = new Response(workForm({ before: big }))
    const bytes = new Uint8Array(await encoded.arrayBuffer())
    expect(bytes.byteLength).toBeGreaterThan(30 * 1024 * 1024)
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.byteLength) return controller.close()
        const chunk = bytes.subarray(pulled, pulled + 64 * 1024)
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const request = new Request(`${SITE}/owner/work`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        Origin: SITE,
        Cookie: await signedIn(backend),
        'Content-Type': encoded.headers.get('Content-Type')!,
      },
    } as RequestInit)
    const refused = await post(request)
    expect(refused).toMatchObject({ status: 413, body: { reason: 'too-large' } })
    expect(refused.body.success === false && refused.body.error).toMatch(/larger than 15 MB/)
    expect(pulled).toBeLessThan(16 * 1024 * 1024)
    expect(files()).toEqual([])

    const announced = postRequest(await signedIn(backend))
    announced.headers.set('Content-Length', String(200 * 1024 * 1024))
    expect((await post(announced)).status).toBe(413)
  })

  it('a PDF named .jpg gets 415, and nothing is stored', async () => {
    const { backend, post, files } = await setUp()
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
    const refused = await post(postRequest(await signedIn(backend), { before: pdf, beforeName: 'before.jpg' }))
    expect(refused).toMatchObject({ status: 415, body: { success: false, reason: 'not-image' } })
    expect(files()).toEqual([])
  })

  it('a 20000 × 20000 PNG is refused with 415 before its pixels are decoded: the process grows under 150 MB', async () => {
    const { backend, post, files } = await setUp()
    // Made in a child process, so its encoding's memory is not this process's.
    const bombPath = join(await tempDir(), 'bomb.png')
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import sharp from 'sharp'; await sharp({ create: { width: 20000, height: 20000, channels: 3, background: '#777' }, limitInputPixels: false }).png({ compressionLevel: 1 }).toFile(${JSON.stringify(bombPath)})`,
    ])
    const bomb = readFileSync(bombPath)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20000, height: 20000 })
    const request = postRequest(await signedIn(backend), { before: bomb, beforeName: 'bomb.png' })

    // Decoding it would take 1.2 GB (20000 × 20000 × 3 bytes); the budget is what the upload itself costs.
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
    const refused = await post(request).finally(() => clearInterval(sampler))
    peak = Math.max(peak, process.memoryUsage().rss)
    expect(refused).toMatchObject({ status: 415, body: { reason: 'not-image' } })
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(150)
    expect(files()).toEqual([])
  })

  it('a missing photo, a missing consent or a bad city gets 400 with the form’s message', async () => {
    const { backend, post } = await setUp()
    const cookie = await signedIn(backend)
    const noConsent = await post(postRequest(cookie, { fields: { consent: '' } }))
    expect(noConsent).toMatchObject({
      status: 400,
      body: { reason: 'invalid', error: expect.stringMatching(/customer agreed/) },
    })
    const badCity = await post(postRequest(cookie, { fields: { city: 'atlantis' } }))
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

  it('a failure at the row leaves no file, and never takes the files of the same photos posted before', async () => {
    let failRow = false
    const { backend, post, files } = await setUp({
      wrap: (real) => ({
        ...real,
        callSql: (name, args, caller, returns) =>
          failRow && name === 'owner_post_work'
            ? Promise.reject(new Error('the database went away'))
            : real.callSql(name, args, caller, returns),
      }),
    })
    const cookie = await signedIn(backend)
    failRow = true
    const failed = await post(postRequest(cookie))
    expect(failed).toMatchObject({ status: 503, body: { reason: 'failed' } })
    expect(files()).toEqual([])
    expect(await listOwnerWork(backend, OWNER_CALLER)).toEqual([])

    failRow = false
    const first = await post(postRequest(cookie))
    expect(first.status).toBe(200)
    const kept = files()
    expect(kept).toHaveLength(12)
    failRow = true
    expect((await post(postRequest(cookie))).status).toBe(503)
    expect(files()).toEqual(kept)
  })

  it('a retry with the same id answers 200 with the one row it posted', async () => {
    const { backend, post, files } = await setUp()
    const cookie = await signedIn(backend)
    const id = randomUUID()
    const first = await post(postRequest(cookie, { id }))
    const again = await post(postRequest(cookie, { id, after: heic }))
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    expect((await listOwnerWork(backend, OWNER_CALLER)).map((work) => work.id)).toEqual([id])
    expect(files()).toHaveLength(12)
  })

  it('hiding takes a job off published_work and showing brings it back; the inbox lists it either way', async () => {
    const { backend, post } = await setUp()
    const cookie = await signedIn(backend)
    const { body } = await post(postRequest(cookie))
    if (!body.success) throw new Error(body.error)
    const published = async () =>
      (await backend.callSql<{ id: string }[]>('published_work', { p_limit: 60 }, SITE_CALLER, 'rows')).map((row) =>
        String(row.id),
      )
    expect(await published()).toEqual([body.work.id])

    expect(await setWorkPublished(backend, OWNER_CALLER, body.work.id, false)).toBe(true)
    expect(await published()).toEqual([])
    expect(await listOwnerWork(backend, OWNER_CALLER)).toMatchObject([{ id: body.work.id, published: false }])
    // The public role cannot see hidden rows through the table either.
    const db = await backend.db()
    await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL ROLE anon`)
      expect((await tx.query(`SELECT id FROM public.posted_work`)).rows).toEqual([])
    })

    expect(await setWorkPublished(backend, OWNER_CALLER, body.work.id, true)).toBe(true)
    expect(await published()).toEqual([body.work.id])
    expect(await setWorkPublished(backend, OWNER_CALLER, randomUUID(), false)).toBe(false)
  })

  it('deleting removes the row and its files, but keeps files another post of the same photos shows', async () => {
    const { backend, post, files } = await setUp()
    const cookie = await signedIn(backend)
    const first = await post(postRequest(cookie))
    const twin = await post(postRequest(cookie))
    if (!first.body.success || !twin.body.success) throw new Error('not posted')
    expect(twin.body.work.imageHash).toBe(first.body.work.imageHash)
    expect(files()).toHaveLength(12)
    const file = `${first.body.work.imageHash}-320.webp`
    expect((await served(backend, file)).status).toBe(200)

    expect(await deleteWork(backend, OWNER_CALLER, first.body.work.id)).toBe(true)
    expect(files()).toHaveLength(12)
    expect(await deleteWork(backend, OWNER_CALLER, twin.body.work.id)).toBe(true)
    expect(files()).toEqual([])
    expect(await listOwnerWork(backend, OWNER_CALLER)).toEqual([])
    expect(await deleteWork(backend, OWNER_CALLER, twin.body.work.id)).toBe(false)

    const gone = await served(backend, file)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('Cache-Control')).toBe('no-store')
    expect((await served(backend, '../data.db')).status).toBe(404)
  })

  it('the site role cannot post or delete work', async () => {
    const { backend } = await setUp()
    await expect(backend.callSql('owner_delete_work', { p_id: randomUUID() }, SITE_CALLER, 'rows')).rejects.toThrow(
      /permission denied/,
    )
  })
})

describe('backups of posted work', { timeout: 180_000 }, () => {
  it("the files come back from a backup's photo archive", async () => {
    const { backend, dataDir, post, files } = await setUp()
    expect((await post(postRequest(await signedIn(backend)))).status).toBe(200)
    const backups = await tempDir()
    const archive = backupLeadPhotos(dataDir, join(backups, 'site-2026-11-28.tar.gz'))
    expect(archive).toBe(join(backups, 'site-2026-11-28-photos.tar.gz'))

    const restoredDir = await tempDir()
    expect(restoreLeadPhotos(restoredDir, join(backups, 'site-2026-11-28.tar.gz'))).toBe(archive)
    const restored = readdirSync(join(restoredDir, 'posted-work')).sort()
    expect(restored).toEqual(files())
    for (const name of restored)
      expect(readFileSync(join(restoredDir, 'posted-work', name))).toEqual(
        readFileSync(join(dataDir, 'posted-work', name)),
      )
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
