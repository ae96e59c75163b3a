// lead-photos (docs/decisions/044-lead-photos.md): the site's server, having checked the visitor's photo token
// and re-encoded each photo, posts the JPEGs here; they go to the private bucket with the service role and are
// recorded by record_lead_photos, or removed again when it refuses. Never called by a browser.
import { LEAD_ID_PATTERN, MAX_LEAD_PHOTOS, PHOTO_NAME_PATTERN } from '../_shared/app/lib/lead-photos.ts'
import { LEAD_PHOTO_REFUSALS, storeLeadPhotos } from '../_shared/app/server/backend/lead-photo-upload.server.ts'
import { getDb } from '../_shared/db.ts'
import { env, serviceKey } from '../_shared/env.ts'
import { BodyError, gate, json, readBytes } from '../_shared/http.ts'
import { errorMessage, installRedactingConsole, log } from '../_shared/log.ts'
import { vapidKeys } from '../_shared/owner.ts'
import { checkRateLimit } from '../_shared/rate-limit.ts'

installRedactingConsole()

// The bucket's own limit (migration 20261125020000); the site's re-encoded photos are far smaller.
const MAX_OBJECT_BYTES = 5 * 1024 * 1024
const MAX_BODY_BYTES = MAX_LEAD_PHOTOS * MAX_OBJECT_BYTES + 64 * 1024
const TOKEN_HASH = /^[0-9a-f]{64}$/

interface Upload {
  leadId: string
  tokenHash: string
  photos: { name: string; bytes: Uint8Array }[]
}

/** The site sends only what it made itself: anything else is a bug or not the site, and is 400. */
async function parseUpload(req: Request): Promise<Upload | null> {
  const body = await readBytes(req, MAX_BODY_BYTES)
  const type = req.headers.get('content-type') ?? ''
  if (!type.startsWith('multipart/form-data')) return null
  const form = await new Response(body, { headers: { 'Content-Type': type } }).formData().catch(() => null)
  if (!form) return null
  const leadId = form.get('leadId')
  const tokenHash = form.get('tokenHash')
  const files = form.getAll('photos')
  if (typeof leadId !== 'string' || !LEAD_ID_PATTERN.test(leadId)) return null
  if (typeof tokenHash !== 'string' || !TOKEN_HASH.test(tokenHash)) return null
  if (files.length < 1 || files.length > MAX_LEAD_PHOTOS) return null
  const photos: Upload['photos'] = []
  for (const file of files) {
    if (typeof file === 'string' || !PHOTO_NAME_PATTERN.test(file.name)) return null
    if (file.size < 3 || file.size > MAX_OBJECT_BYTES) return null
    const bytes = new Uint8Array(await file.arrayBuffer())
    // A JPEG's start of image: the site's sharp output, never the visitor's own file.
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null
    photos.push({ name: file.name, bytes })
  }
  if (new Set(photos.map((photo) => photo.name)).size !== photos.length) return null
  return { leadId, tokenHash, photos }
}

export async function handler(req: Request): Promise<Response> {
  const early = gate(req)
  if (early) return early

  let upload: Upload | null
  try {
    upload = await parseUpload(req)
  } catch (error) {
    if (error instanceof BodyError) return json(req, 413, { success: false, error: error.message })
    throw error
  }
  if (!upload) return json(req, 400, { success: false, error: 'Invalid upload' })

  const verdict = await checkRateLimit(req, 'photos', getDb)
  if (verdict.limited) {
    const res = json(req, 429, { success: false, reason: 'rate-limited' })
    res.headers.set('Retry-After', String(verdict.retryAfterSeconds))
    return res
  }

  const url = env('SUPABASE_URL')
  const key = serviceKey()
  if (!url || !key) {
    log.error('[lead-photos] SUPABASE_URL or the service role key is missing: photos cannot be stored')
    return json(req, 500, { success: false, error: 'Photos not stored' })
  }
  const { leadId, tokenHash, photos } = upload
  try {
    const db = getDb()
    const push = vapidKeys() !== null
    const stored = await storeLeadPhotos({ url, serviceRoleKey: key }, leadId, photos, (recorded) =>
      db.recordLeadPhotos(leadId, tokenHash, recorded, push),
    )
    if (!stored.ok) return json(req, LEAD_PHOTO_REFUSALS[stored.refusal], { success: false, reason: stored.refusal })
    log.info(`[lead-photos] lead ${leadId}: ${photos.length} photo(s) stored, ${stored.total} in all`)
    return json(req, 200, { success: true, total: stored.total })
  } catch (error) {
    log.error(`[lead-photos] photos for lead ${leadId} not stored: ${errorMessage(error)}`)
    return json(req, 500, { success: false, error: 'Photos not stored' })
  }
}
