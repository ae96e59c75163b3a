// POST /quote-photos: a visitor's photos for a stored lead (docs/decisions/044-lead-photos.md). Every refusal is
// a 4xx with a message; nothing of a refused upload is kept, and the lead itself is never touched.
import {
  LEAD_PHOTO_MESSAGES,
  MAX_LEAD_PHOTOS,
  MAX_PHOTO_BYTES,
  type LeadPhotoFailure,
  type LeadPhotoResponse,
} from '~/lib/quote/lead-photos'
import { getBackend, type Backend } from '../backend/backend.server'
import { isSameOriginRequest } from '../http/origin.server'
import { limitVisitor } from '../http/rate-limit.server'
import { log } from '../log/logger.server'
import { decodeInTurn, encodeLeadPhoto, NotAnImageError } from './photo-encode.server'
import { photoTokens, type PhotoTokens } from './tokens.server'
import { BodyTooLargeError, readBoundedBody } from '../http/bounded-body.server'

// Five full-size photos and the form's text; a larger body is refused before it is read.
const MAX_BODY_BYTES = MAX_LEAD_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024

export interface LeadPhotoOptions {
  backend?: Backend
  tokens?: PhotoTokens
  /** Uploads per client per window; 0 or less: no limit. */
  rateLimit?: number
  rateWindowMs?: number
}

function answer(request: Request, status: number, body: LeadPhotoResponse, headers: HeadersInit = {}): Response {
  if ((request.headers.get('accept') ?? '').includes('application/json'))
    return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
  // The form without JavaScript: POST/redirect/GET to the result page, with a status and never a value.
  const photos = body.success ? 'added' : body.reason
  return new Response(null, { status: 303, headers: { Location: `/quote-request?photos=${photos}`, ...headers } })
}

/** Why record_lead_photos refused an upload (its exception's message); nothing of it was kept. */
const REFUSALS = { 'token-used': [403, 'token'], 'too-many': [409, 'too-many'], 'no-lead': [403, 'token'] } as const

/** Files first, under names nothing refers to yet; then the rows, all or nothing; the files go again on a refusal. */
async function savePhotos(
  backend: Backend,
  leadId: string,
  tokenHash: string,
  photos: { name: string; bytes: Uint8Array }[],
) {
  const paths = photos.map((photo) => `lead-photos/${leadId}/${photo.name}`)
  try {
    for (const [i, photo] of photos.entries())
      if (!(await backend.files.put(paths[i]!, photo.bytes, 'image/jpeg'))) throw new Error('photo name taken')
    const request = {
      lead: leadId,
      tokenHash,
      photos: photos.map((photo) => ({ name: photo.name, size: photo.bytes.byteLength })),
      push: Boolean(backend.config.owner.vapid),
    }
    const { rows } = await (
      await backend.db()
    ).query<{ total: number }>('SELECT public.record_lead_photos($1) AS total', [JSON.stringify(request)])
    backend.deliverSoon()
    return rows[0]!.total
  } catch (error) {
    await backend.files.remove(paths).catch(() => undefined)
    throw error
  }
}

function refuse(request: Request, status: number, reason: LeadPhotoFailure, headers?: HeadersInit): Response {
  return answer(request, status, { success: false, reason, error: LEAD_PHOTO_MESSAGES[reason] }, headers)
}

export function createLeadPhotoHandler(options: LeadPhotoOptions = {}) {
  const rateLimit = options.rateLimit ?? 10
  const rateWindowMs = options.rateWindowMs ?? 10 * 60_000
  const tooMany = (request: Request, seconds: number) =>
    refuse(request, 429, 'rate-limited', { 'Retry-After': String(seconds) })

  return async function handleLeadPhotosPost(request: Request, ip: string): Promise<Response> {
    if (!isSameOriginRequest(request)) return new Response('Forbidden', { status: 403 })
    const backend = options.backend ?? getBackend()
    const waitSeconds = await limitVisitor(backend, 'photos', ip, { count: rateLimit, windowMs: rateWindowMs })
    if (waitSeconds > 0) return tooMany(request, waitSeconds)
    const length = Number(request.headers.get('content-length') ?? NaN)
    if (length > MAX_BODY_BYTES) return refuse(request, 413, 'too-large')

    let form: FormData
    try {
      const body = await readBoundedBody(request, MAX_BODY_BYTES)
      const type = request.headers.get('content-type') ?? ''
      form = await new Response(body, { headers: { 'Content-Type': type } }).formData()
    } catch (error) {
      return error instanceof BodyTooLargeError ? refuse(request, 413, 'too-large') : refuse(request, 400, 'invalid')
    }

    const token = form.get('token')
    const check = (options.tokens ?? (await photoTokens(backend))).check(typeof token === 'string' ? token : null)
    if (!check.ok) return refuse(request, check.reason === 'expired' ? 410 : 403, 'token')

    const files = form.getAll('photos').filter((file): file is File => typeof file !== 'string' && file.size > 0)
    if (files.length === 0) return refuse(request, 400, 'invalid')
    if (files.length > MAX_LEAD_PHOTOS) return refuse(request, 400, 'too-many')
    if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return refuse(request, 413, 'too-large')

    try {
      const photos = []
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer())
        photos.push(await decodeInTurn(() => encodeLeadPhoto(bytes)))
      }
      const total = await savePhotos(backend, check.leadId, check.tokenHash, photos)
      log('photos').info({ leadId: check.leadId, added: photos.length, total }, 'lead photos stored')
      return answer(request, 200, { success: true, added: photos.length, total })
    } catch (error) {
      if (error instanceof NotAnImageError) return refuse(request, 415, 'not-image')
      const refusal = REFUSALS[(error as Error).message as keyof typeof REFUSALS]
      if (refusal) return refuse(request, refusal[0], refusal[1])
      log('photos').error({ leadId: check.leadId, err: error }, 'lead photos not stored')
      return refuse(request, 503, 'failed')
    }
  }
}

let defaultHandler: ReturnType<typeof createLeadPhotoHandler> | undefined

export function handleLeadPhotosPost(request: Request, ip: string): Promise<Response> {
  defaultHandler ??= createLeadPhotoHandler()
  return defaultHandler(request, ip)
}
