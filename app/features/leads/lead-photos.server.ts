// POST /quote-photos: a visitor's photos for a stored lead (docs/decisions/044-lead-photos.md). The client's limit
// and the token are checked before the photos are read, and every photo judged counts against its token (051).
// Every refusal is a 4xx with a message; nothing of a refused upload is kept, and the lead itself is never touched.
import {
  LEAD_PHOTO_MESSAGES,
  MAX_LEAD_PHOTOS,
  MAX_PHOTO_BYTES,
  type LeadPhotoFailure,
  type LeadPhotoResponse,
} from '~/features/leads/lead-photos'
import { PHOTO_TOKEN_HEADER } from '~/features/leads/photo-token-header'
import { messages } from '../../content/messages'
import type { Db } from '../../platform/db/database.server'
import type { FileStore } from '../../platform/files/file-store.server'
import { enqueue, ownerMail, ownerPush } from '../../platform/outbox/outbox.server'
import { deliverSoon } from '../../platform/outbox/worker.server'
import {
  multipartParts,
  MultipartRefused,
  stopReading,
  type MultipartLimits,
  type Part,
} from '../../platform/http/multipart.server'
import { isSameOriginRequest } from '../../platform/http/origin.server'
import { limitVisitor } from '../../platform/http/rate-limit.server'
import { log } from '../../platform/log/logger.server'
import { photosMail } from './lead-email.server'
import { decodeInTurn, encodeLeadPhoto, NotAnImageError } from './photo-encode.server'
import { clearedPhotoTokenCookie } from './photo-token-cookie.server'
import { photoTokens, type PhotoTokens } from './tokens.server'

// Five full-size photos and the plain form's token, with room for the parts' headers; more is refused as it comes.
const LIMITS: MultipartLimits = {
  bodyBytes: MAX_LEAD_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024,
  fileBytes: MAX_PHOTO_BYTES,
  files: MAX_LEAD_PHOTOS,
  fields: 1,
  fieldBytes: 1024,
}
const BODY_REFUSALS = {
  'too-large': [413, 'too-large'],
  'too-many-files': [400, 'too-many'],
  'first-part': [403, 'token'],
  invalid: [400, 'invalid'],
} as const

/** What an upload is stored with: the site's file store, its alerts, and the cause's clock. */
export interface LeadPhotoContext {
  files: FileStore
  /** The owner's alerts are on: a push beside the e-mail. */
  push: boolean
  now: Date
}

export interface LeadPhotoOptions {
  tokens?: PhotoTokens
  /** Uploads per client in ten minutes; 0 or less: no limit. */
  rateLimit?: number
}

function answer(request: Request, status: number, body: LeadPhotoResponse, headers: HeadersInit = {}): Response {
  if ((request.headers.get('accept') ?? '').includes('application/json'))
    return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
  // The form without JavaScript: POST/redirect/GET to the result page, with a status and never a value. A token
  // used up or refused goes from its cookie, and the photo form from the result page (decision 060).
  const photos = body.success ? 'added' : body.reason
  const answered = new Headers({ Location: `/quote-request?photos=${photos}`, ...headers })
  if (photos === 'added' || photos === 'token') answered.set('Set-Cookie', clearedPhotoTokenCookie())
  return new Response(null, { status: 303, headers: answered })
}

/**
 * The photos' rows, all or nothing, and the owner's notices put due again at `now` (the cause's clock) with the
 * lead's new total, sent or not: a total, or why not. The lead's row lock orders two uploads for one lead, so the
 * count cannot pass five.
 */
export async function recordPhotos(
  db: Db,
  leadId: string,
  tokenHash: string,
  photos: { name: string; size: number }[],
  push: boolean,
  now: Date,
) {
  return db.transaction().execute(async (tx) => {
    const lead = await tx
      .selectFrom('leads')
      .select(['id', 'first_name as firstName'])
      .where('id', '=', leadId)
      .where('status', '<>', 'suspected_spam')
      .forUpdate()
      .executeTakeFirst()
    // No lead (or a suspected one) reads to the visitor as a spent link, as a used token does.
    if (!lead) throw new PhotosRefused(403, 'token')
    const used = await tx
      .insertInto('lead_photo_tokens_used')
      .values({ token_hash: tokenHash, lead_id: leadId })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (!Number(used.numInsertedOrUpdatedRows)) throw new PhotosRefused(403, 'token')
    const stored = await tx
      .selectFrom('lead_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow()
    const total = Number(stored.n) + photos.length
    if (photos.length < 1 || total > MAX_LEAD_PHOTOS) throw new PhotosRefused(409, 'too-many')
    const rows = photos.map((photo) => ({ lead_id: leadId, object_name: photo.name, size_bytes: photo.size }))
    await tx.insertInto('lead_photos').values(rows).execute()
    const notice = { leadId, key: 'photos', dueAt: now, onExisting: 'replace' } as const
    await enqueue(tx, ownerMail, photosMail(lead, total), notice)
    // No contact details: push services relay it (decision 044).
    if (push) await enqueue(tx, ownerPush, { ...messages.push.photos(total), url: '/owner' }, notice)
    return total
  })
}

/** Why an upload's rows were refused, with its status; thrown, so the transaction takes back what it wrote. */
class PhotosRefused extends Error {
  constructor(
    readonly status: 403 | 409,
    readonly reason: LeadPhotoFailure,
  ) {
    super(reason)
  }
}

/** Files first, under names nothing refers to yet; then the rows; the files go again on a refusal. */
async function savePhotos(
  db: Db,
  leadId: string,
  tokenHash: string,
  photos: { name: string; bytes: Uint8Array }[],
  { files, push, now }: LeadPhotoContext,
): Promise<number | PhotosRefused> {
  const paths = photos.map((photo) => `lead-photos/${leadId}/${photo.name}`)
  try {
    for (const [i, photo] of photos.entries())
      if (!(await files.put(paths[i]!, photo.bytes, 'image/jpeg'))) throw new Error('photo name taken')
    const sizes = photos.map((photo) => ({ name: photo.name, size: photo.bytes.byteLength }))
    const total = await recordPhotos(db, leadId, tokenHash, sizes, push, now)
    deliverSoon()
    return total
  } catch (error) {
    await files.remove(paths).catch(() => undefined)
    if (error instanceof PhotosRefused) return error
    throw error
  }
}

function refuse(request: Request, status: number, reason: LeadPhotoFailure, headers?: HeadersInit): Response {
  return answer(request, status, { success: false, reason, error: LEAD_PHOTO_MESSAGES[reason] }, headers)
}

/** A used token, or one whose five photos were judged already: refused before its photos are read. */
async function tokenSpent(db: Db, tokenHash: string): Promise<boolean> {
  const [used, counted] = await Promise.all([
    db.selectFrom('lead_photo_tokens_used').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst(),
    db.selectFrom('lead_photo_token_counts').select('photos').where('token_hash', '=', tokenHash).executeTakeFirst(),
  ])
  return Boolean(used) || (counted?.photos ?? 0) >= MAX_LEAD_PHOTOS
}

/**
 * Counts `photos` against the token before any is decoded, in one statement so two uploads cannot both take the
 * last place; false past its five, or for no (or a suspected) lead.
 */
async function countAgainstToken(db: Db, leadId: string, tokenHash: string, photos: number): Promise<boolean> {
  const counted = await db
    .insertInto('lead_photo_token_counts')
    .columns(['token_hash', 'lead_id', 'photos'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select([eb.val(tokenHash).as('token_hash'), 'id', eb.val(photos).as('photos')])
        .where('id', '=', leadId)
        .where('status', '<>', 'suspected_spam'),
    )
    .onConflict((conflict) =>
      conflict
        .column('token_hash')
        .doUpdateSet((eb) => ({ photos: eb('lead_photo_token_counts.photos', '+', eb.ref('excluded.photos')) }))
        .where((eb) => eb(eb('lead_photo_token_counts.photos', '+', eb.ref('excluded.photos')), '<=', MAX_LEAD_PHOTOS)),
    )
    .returning('photos')
    .execute()
  return counted.length === 1
}

async function tokenInFirstPart(parts: AsyncGenerator<Part, void>): Promise<string | null> {
  const first = await parts.next()
  return !first.done && 'value' in first.value ? first.value.value : null
}

export function createLeadPhotoHandler(options: LeadPhotoOptions = {}) {
  const limit = { count: options.rateLimit ?? 10, windowMs: 10 * 60_000 }

  async function receive(db: Db, request: Request, ip: string, context: LeadPhotoContext): Promise<Response> {
    const waitSeconds = await limitVisitor(db, 'photos', ip, limit)
    if (waitSeconds > 0) return refuse(request, 429, 'rate-limited', { 'Retry-After': String(waitSeconds) })
    const headerToken = request.headers.get(PHOTO_TOKEN_HEADER)
    // The plain form's hidden token input is its first part: a body that starts otherwise is refused right there,
    // and a bad token costs that one part.
    const parts = multipartParts(request, headerToken === null ? { ...LIMITS, firstField: 'token' } : LIMITS)
    const files: Uint8Array[] = []
    let check: ReturnType<PhotoTokens['check']>
    try {
      const token = headerToken ?? (await tokenInFirstPart(parts))
      check = (options.tokens ?? (await photoTokens(db))).check(token)
      if (!check.ok) return refuse(request, check.reason === 'expired' ? 410 : 403, 'token')
      if (await tokenSpent(db, check.tokenHash)) return refuse(request, 403, 'token')
      // A file input left empty still sends an empty part.
      for await (const part of parts)
        if ('file' in part && part.name === 'photos' && part.file.byteLength > 0) files.push(part.file)
    } catch (error) {
      if (!(error instanceof MultipartRefused)) throw error
      const [status, reason] = BODY_REFUSALS[error.reason]
      return refuse(request, status, reason)
    } finally {
      await parts.return()
    }
    if (files.length === 0) return refuse(request, 400, 'invalid')
    // Counted before the first decode: a photo that fails to decode still takes one of the token's five.
    if (!(await countAgainstToken(db, check.leadId, check.tokenHash, files.length)))
      return refuse(request, 403, 'token')

    try {
      const photos = []
      for (const bytes of files) photos.push(await decodeInTurn(() => encodeLeadPhoto(bytes)))
      const total = await savePhotos(db, check.leadId, check.tokenHash, photos, context)
      if (total instanceof PhotosRefused) return refuse(request, total.status, total.reason)
      log('photos').info({ leadId: check.leadId, added: photos.length, total }, 'lead photos stored')
      return answer(request, 200, { success: true, added: photos.length, total })
    } catch (error) {
      if (error instanceof NotAnImageError) return refuse(request, 415, 'not-image')
      log('photos').error({ leadId: check.leadId, err: error }, 'lead photos not stored')
      return refuse(request, 503, 'failed')
    }
  }

  return async function handleLeadPhotosPost(
    db: Db,
    request: Request,
    ip: string,
    context: LeadPhotoContext,
  ): Promise<Response> {
    try {
      if (!isSameOriginRequest(request)) return new Response('Forbidden', { status: 403 })
      return await receive(db, request, ip, context)
    } catch (error) {
      log('photos').error({ err: error }, 'lead photos not received')
      return refuse(request, 503, 'failed')
    } finally {
      await stopReading(request)
    }
  }
}

export const handleLeadPhotosPost = createLeadPhotoHandler()
