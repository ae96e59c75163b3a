/**
 * A visitor's photos after the lead is stored (docs/decisions/044-lead-photos.md): real PGlite, real sharp, real
 * files made with exiftool and Debian's heif-enc (apt packages libimage-exiftool-perl and libheif-examples).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { createServerEntry } from '@tanstack/react-start/server'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadPhotoResponse } from '../../app/lib/lead-photos'
import { createEmbeddedBackend, type EmbeddedBackend } from '../../app/server/backend/embedded.server'
import { embeddedOwnerId } from '../../app/server/backend/embedded-owner.server'
import { parseRuntimeConfig } from '../../app/server/config.server'
import { SESSION_COOKIE } from '../../app/server/owner/owner-access.server'
import { ownerPhotoResponse } from '../../app/server/owner/lead-photos.server'
import { backupLeadPhotos, restoreLeadPhotos } from '../../app/server/owner/photo-backup.server'
import { hashToken, sealSessionSecret } from '../../app/server/owner/sign-in.server'
import { createLeadPhotoHandler } from '../../app/server/quote/lead-photos.server'
import { listInbox } from '../../app/server/owner/inbox.server'
import { createFormTokens } from '../../app/server/quote/form-token.server'
import { createPhotoTokens, PHOTO_TOKEN_TTL_MS } from '../../app/server/quote/photo-token.server'
import { createQuoteService } from '../../app/server/quote/quote-service.server'
import { startSmtp, testLead, useCleanup, useTempDirs } from './helpers'

const tempDir = useTempDirs()
const cleanup = useCleanup()
const OWNER = 'owner@example.com'
const BACKEND = Symbol.for('pressure-washing-site.backend')
const SESSION_PASSWORD = randomBytes(32).toString('base64')
const SECRET = randomBytes(32).toString('hex')
// The owner's route reads the site's configuration, as it does in production.
process.env.OWNER_EMAIL = OWNER
process.env.OWNER_SESSION_SECRET = SESSION_PASSWORD

let fixtures: string
let gpsJpeg: Buffer
let heic: Buffer

beforeAll(async () => {
  fixtures = await tempDir()
  // A 3000 × 2000 photo taken "on its side" (orientation 6), with a position in it.
  const jpegPath = join(fixtures, 'yard.jpg')
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6a8' } })
    .jpeg()
    .toFile(jpegPath)
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-GPSLatitude=38.5816',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=121.4944',
    '-GPSLongitudeRef=W',
    '-Orientation#=6',
    '-Artist=Maria',
    jpegPath,
  ])
  gpsJpeg = readFileSync(jpegPath)
  const heicPath = join(fixtures, 'deck.heic')
  execFileSync('heif-enc', ['-q', '60', '-o', heicPath, jpegPath], { stdio: 'ignore' })
  heic = readFileSync(heicPath)
}, 120_000)

async function setUp(options: { now?: () => number; env?: Record<string, string> } = {}) {
  const dataDir = await tempDir()
  const backend = createEmbeddedBackend({
    // The owner's e-mails are counted here; the customer's acknowledgement is follow-through.test.ts's.
    config: parseRuntimeConfig({
      OWNER_EMAIL: OWNER,
      QUOTE_NOTIFY_EMAIL: OWNER,
      CUSTOMER_ACKNOWLEDGEMENT: 'off',
      ...options.env,
    }),
    dataDir,
    outbox: { backoffMs: () => 0 },
  })
  cleanup.push(() => backend.close())
  const tokens = createPhotoTokens(SECRET, options.now)
  const handle = createLeadPhotoHandler({ backend, tokens, rateLimit: 100 })
  const lead = async (name = 'Maria') => {
    const stored = await backend.submitQuote(testLead(name))
    if (!stored.success || !stored.id) throw new Error('lead not stored')
    return stored.id
  }
  return { backend, dataDir, tokens, handle, lead }
}

function upload(token: string, files: { bytes: Uint8Array; name: string; type?: string }[], json = true): Request {
  const form = new FormData()
  form.set('token', token)
  for (const file of files)
    form.append('photos', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name)
  return new Request('http://localhost:3000/quote-photos', {
    method: 'POST',
    body: form,
    headers: { Origin: 'http://localhost:3000', ...(json ? { Accept: 'application/json' } : {}) },
  })
}

const photo = (bytes: Uint8Array = gpsJpeg, name = 'IMG_0001.jpg') => ({ bytes, name })

function storedFiles(dataDir: string, leadId: string): string[] {
  const dir = join(dataDir, 'lead-photos', leadId)
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : []
}

async function photoRows(backend: EmbeddedBackend, leadId: string) {
  const db = await backend.db()
  return (await db.query(`SELECT object_name FROM public.lead_photos WHERE quote_request_id = $1`, [leadId])).rows
}

describe('adding photos to a stored lead', { timeout: 120_000 }, () => {
  it('a photo with GPS comes out upright, at most 1600 px, as a JPEG with no EXIF at all', async () => {
    const { dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    const before = JSON.parse(execFileSync('exiftool', ['-json', '-n', join(fixtures, 'yard.jpg')]).toString())[0]
    expect(before.GPSLatitude).toBeCloseTo(38.5816)

    const response = await handle(upload(tokens.issue(id), [photo()]), '203.0.113.5')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, added: 1, total: 1 })

    const [file] = storedFiles(dataDir, id)
    expect(file).toMatch(/[0-9a-f]{32}\.jpg$/)
    const after = JSON.parse(execFileSync('exiftool', ['-json', '-a', '-G1', file!]).toString())[0]
    // Only exiftool's view of the file itself (Composite is its own arithmetic): no EXIF, GPS, XMP, ICC, IPTC.
    const groups = new Set(Object.keys(after).map((tag) => tag.split(':')[0]))
    expect([...groups].sort()).toEqual(['Composite', 'ExifTool', 'File', 'SourceFile', 'System'])
    expect(after['File:FileType']).toBe('JPEG')
    // Orientation 6 turned the 3000 × 2000 landscape into a portrait.
    expect([after['File:ImageWidth'], after['File:ImageHeight']]).toEqual([1067, 1600])
  })

  it("an iPhone's HEIC (HEVC, made by heif-enc) is accepted and stored as JPEG", async () => {
    const { dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic')
    const response = await handle(upload(tokens.issue(id), [{ bytes: heic, name: 'IMG_0002.HEIC', type: '' }]), '')
    expect(response.status).toBe(200)
    const meta = await sharp(readFileSync(storedFiles(dataDir, id)[0]!)).metadata()
    expect(meta.format).toBe('jpeg')
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1600)
  })

  it('a 30 MB file gets 413 with a message, and nothing is stored', async () => {
    const { backend, dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    const big = new Uint8Array(30 * 1024 * 1024)
    big.set(gpsJpeg)
    const response = await handle(upload(tokens.issue(id), [photo(big, 'huge.jpg')]), '')
    expect(response.status).toBe(413)
    expect(((await response.json()) as LeadPhotoResponse & { success: false }).error).toMatch(/larger than 15 MB/)
    expect(storedFiles(dataDir, id)).toEqual([])
    expect(await photoRows(backend, id)).toEqual([])
  })

  it('a body announced larger than five photos is refused before it is read', async () => {
    const { tokens, handle, lead } = await setUp()
    const request = upload(tokens.issue(await lead()), [photo()])
    request.headers.set('Content-Length', String(200 * 1024 * 1024))
    expect((await handle(request, '')).status).toBe(413)
  })

  it('a PDF named .jpg and sent as image/jpeg gets 415; the good photo beside it is not kept either', async () => {
    const { backend, dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
    const response = await handle(upload(tokens.issue(id), [photo(), photo(pdf, 'quote.jpg')]), '')
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ success: false, reason: 'not-image' })
    expect(storedFiles(dataDir, id)).toEqual([])
    expect(await photoRows(backend, id)).toEqual([])
  })

  it('a sixth photo for a lead is refused, and the refused upload leaves no file', async () => {
    const { backend, dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    expect((await handle(upload(tokens.issue(id), [photo(), photo(), photo()]), '')).status).toBe(200)
    const second = tokens.issue(id)
    const refused = await handle(upload(second, [photo(), photo(), photo()]), '')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ reason: 'too-many', error: expect.stringMatching(/Up to 5 photos/) })
    expect(storedFiles(dataDir, id)).toHaveLength(3)
    // The refusal did not use the token up: two more fit.
    expect(await (await handle(upload(second, [photo(), photo()]), '')).json()).toEqual({
      success: true,
      added: 2,
      total: 5,
    })
    expect(await photoRows(backend, id)).toHaveLength(5)
    expect((await handle(upload(tokens.issue(id), [photo()]), '')).status).toBe(409)
    const six = await handle(
      upload(
        tokens.issue(id),
        Array.from({ length: 6 }, () => photo()),
      ),
      '',
    )
    expect(six.status).toBe(400)
  })

  it("refuses a used token, a token changed to another lead, another site's token and an expired one", async () => {
    let now = Date.now()
    const { dataDir, tokens, handle, lead } = await setUp({ now: () => now })
    const maria = await lead('Maria')
    const other = await lead('Jose')
    const token = tokens.issue(maria)
    expect((await handle(upload(token, [photo()]), '')).status).toBe(200)
    const used = await handle(upload(token, [photo()]), '')
    expect(used.status).toBe(403)
    expect(await used.json()).toMatchObject({ reason: 'token', error: expect.stringMatching(/already used/) })

    const forged = token.replace(maria, other)
    expect((await handle(upload(forged, [photo()]), '')).status).toBe(403)
    const foreign = createPhotoTokens(randomBytes(32).toString('hex')).issue(other)
    expect((await handle(upload(foreign, [photo()]), '')).status).toBe(403)
    expect(storedFiles(dataDir, other)).toEqual([])

    const late = tokens.issue(other)
    now += PHOTO_TOKEN_TTL_MS + 1000
    expect((await handle(upload(late, [photo()]), '')).status).toBe(410)
    expect(storedFiles(dataDir, other)).toEqual([])
  })

  it('the plain form gets a redirect to the result page with only a status in the address', async () => {
    const { tokens, handle, lead } = await setUp()
    const token = tokens.issue(await lead())
    const sent = await handle(upload(token, [photo()], false), '')
    expect([sent.status, sent.headers.get('Location')]).toEqual([303, '/quote-request?photos=added'])
    const again = await handle(upload(token, [photo()], false), '')
    expect(again.headers.get('Location')).toBe('/quote-request?photos=token')
  })

  it('queues one owner e-mail per lead that says how many photos came, re-queued with the new total', async () => {
    const { backend, tokens, handle, lead } = await setUp()
    const id = await lead()
    await handle(upload(tokens.issue(id), [photo(), photo()]), '')
    await handle(upload(tokens.issue(id), [photo()]), '')
    const db = await backend.db()
    const rows = await db.query(
      `SELECT kind, payload FROM public.quote_outbox WHERE quote_request_id = $1 AND kind LIKE 'owner_photos%'`,
      [id],
    )
    // No VAPID keys here: no push row.
    expect(rows.rows).toEqual([{ kind: 'owner_photos', payload: { photos: 3 } }])
  })

  it('the owner gets the lead e-mail, then one short e-mail per upload naming how many photos came', async () => {
    const mail = await startSmtp()
    cleanup.push(() => mail.close())
    const { backend, tokens, handle, lead } = await setUp({ env: { SMTP_URL: mail.url } })
    const id = await lead('Maria')
    await handle(upload(tokens.issue(id), [photo(), photo(), photo()]), '')
    await (await backend.outbox()).drain()
    await handle(upload(tokens.issue(id), [photo()]), '')
    await (await backend.outbox()).drain()
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

describe('backups of the photos', { timeout: 120_000 }, () => {
  it("a backup's photo archive beside the database's restores the same bytes", async () => {
    const { dataDir, tokens, handle, lead } = await setUp()
    const id = await lead()
    await handle(upload(tokens.issue(id), [photo(), photo(heic, 'deck.heic')]), '')
    const backups = await tempDir()
    const archive = backupLeadPhotos(dataDir, join(backups, 'site-2026-11-25.tar.gz'))
    expect(archive).toBe(join(backups, 'site-2026-11-25-photos.tar.gz'))

    const restoredDir = await tempDir()
    expect(restoreLeadPhotos(restoredDir, join(backups, 'site-2026-11-25.tar.gz'))).toBe(archive)
    const original = storedFiles(dataDir, id)
    const restored = storedFiles(restoredDir, id)
    expect(restored.map((file) => file.split('/').at(-1)).sort()).toEqual(
      original.map((file) => file.split('/').at(-1)).sort(),
    )
    for (const file of original)
      expect(readFileSync(join(restoredDir, 'lead-photos', id, file.split('/').at(-1)!))).toEqual(readFileSync(file))
    // A site that never took a photo backs up and restores the database alone.
    expect(backupLeadPhotos(await tempDir(), join(backups, 'empty.tar.gz'))).toBeNull()
    expect(restoreLeadPhotos(await tempDir(), join(backups, 'empty.tar.gz'))).toBeNull()
  })
})

describe('the upload token in the quote answer', { timeout: 120_000 }, () => {
  const meta = { ip: '', userAgent: 'test' }
  const fields = (name: string) => ({
    firstName: name,
    email: `${name.toLowerCase()}@example.com`,
    phone: '916-555-0101',
    idempotencyKey: `key-${randomBytes(8).toString('hex')}`,
  })

  it('a stored lead gets a token for its own id; suspected spam gets none', async () => {
    const { backend, tokens } = await setUp()
    const service = createQuoteService({ formTokenSecret: SECRET, minFillMs: 0 })
    const form = { ...fields('Maria'), formToken: createFormToken() }
    const clean = await service.handle({ ...fields('Maria'), formToken: createFormToken() }, meta, backend)
    expect(clean.body).toEqual({ success: true, photoToken: expect.any(String) })
    const check = tokens.check((clean.body as { photoToken: string }).photoToken)
    expect(check.ok && (await photoRows(backend, check.leadId))).toEqual([])
    const spam = await service.handle({ ...form, company: 'bot' }, meta, backend)
    expect(spam.body).toEqual({ success: true })
  })
})

describe("the owner's photo address", { timeout: 120_000 }, () => {
  async function signedIn(backend: EmbeddedBackend): Promise<string> {
    const secret = randomBytes(32).toString('base64url')
    await backend.callSql(
      'owner_session_start',
      { p_secret_hash: hashToken(secret), p_auth_tokens: null },
      { as: 'owner', userId: embeddedOwnerId(OWNER) },
      'value',
    )
    return `${SESSION_COOKIE}=${await sealSessionSecret(SESSION_PASSWORD, secret, 3600)}`
  }

  it('answers 401 without the owner session, 404 for a name the lead lacks, and the photo, never cached, with it', async () => {
    const { backend, dataDir, tokens, handle, lead } = await setUp()
    // The session check asks the site's one backend, as in production.
    const g = globalThis as Record<symbol, unknown>
    g[BACKEND] = backend
    cleanup.push(async () => void delete g[BACKEND])
    const id = await lead()
    await handle(upload(tokens.issue(id), [photo()]), '')
    const name = storedFiles(dataDir, id)[0]!.split('/').at(-1)!
    const get = (leadId: string, photoName: string, cookie?: string) =>
      createServerEntry({ fetch: () => ownerPhotoResponse(leadId, photoName, backend) }).fetch(
        new Request(`http://localhost:3000/owner/photos/${leadId}/${photoName}`, {
          headers: cookie ? { Cookie: cookie } : {},
        }),
      )

    const anonymous = await get(id, name)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('Cache-Control')).toBe('private, no-store')
    expect(anonymous.headers.get('Content-Type')).not.toMatch(/image/)
    expect((await get(id, name, `${SESSION_COOKIE}=forged`)).status).toBe(401)

    const cookie = await signedIn(backend)
    const shown = await get(id, name, cookie)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Content-Type')).toBe('image/jpeg')
    expect(shown.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).format).toBe('jpeg')
    expect((await get(id, `${'0'.repeat(32)}.jpg`, cookie)).status).toBe(404)
    expect((await get(await lead('Jose'), name, cookie)).status).toBe(404)
    expect((await get(id, '..%2F..%2Fpglite', cookie)).status).toBe(404)
  })

  it("lists each lead's photos in the inbox read, for the owner only", async () => {
    const { backend, tokens, handle, lead } = await setUp()
    const id = await lead()
    await handle(upload(tokens.issue(id), [photo(), photo()]), '')
    const owner = { as: 'owner', userId: embeddedOwnerId(OWNER) } as const
    await backend.callSql('owner_session_start', { p_secret_hash: 'a'.repeat(64), p_auth_tokens: null }, owner, 'value')
    const [listed] = await listInbox(backend, owner)
    expect(listed?.photos).toHaveLength(2)
    await expect(backend.callSql('owner_lead_photos', { p_lead_ids: [id] }, { as: 'site' }, 'rows')).rejects.toThrow(
      /permission denied/,
    )
  })
})

function createFormToken(): string {
  // A form opened a minute ago, signed as the site signs it.
  return createFormTokens(SECRET).issue(Date.now() - 60_000)
}
