// POST /owner/work: the owner's before and after photos, composed into one frame and posted (docs/decisions/
// 049-posted-work.md). Files first, then the row; a failure removes what this request stored.
import * as v from 'valibot'
import {
  MAX_WORK_PHOTO_BYTES,
  POST_WORK_MESSAGES,
  postWorkFieldsSchema,
  type PostWorkFailure,
  type PostWorkFields,
  type PostWorkResponse,
} from '~/features/work/posted-work'
import type { Db } from '../../platform/db/database.server'
import type { FileStore } from '../../platform/files/file-store.server'
import { dropStoredPages } from '../../platform/http/html-cache.server'
import {
  multipartParts,
  MultipartRefused,
  stopReading,
  type MultipartLimits,
} from '../../platform/http/multipart.server'
import {
  composeBeforeAfter,
  encodeVariants,
  MAX_FRAME_SIDE,
  type EncodedVariants,
} from '../../platform/images/image-variants.server'
import { log } from '../../platform/log/logger.server'
import { decodeInTurn, decodePhoto, NotAnImageError } from '../leads/index.server'
import { listOwnerWork, type OwnerPostedWork } from './posted-work.server'

// Two full-size photos and the form's seven fields; a larger body, a larger photo or a third one is refused as it
// streams in (decision 051). A field the form allows is at most 250 characters of up to four bytes: a longer one
// still reaches the schema, which names the field.
const LIMITS: MultipartLimits = {
  bodyBytes: 2 * MAX_WORK_PHOTO_BYTES + 64 * 1024,
  fileBytes: MAX_WORK_PHOTO_BYTES,
  files: 2,
  fields: 7,
  fieldBytes: 4 * 1024,
}

function answer(status: number, body: PostWorkResponse): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })
}

function refuse(status: number, reason: PostWorkFailure, error = POST_WORK_MESSAGES[reason]): Response {
  return answer(status, { success: false, reason, error })
}

interface WorkForm {
  fields: Map<string, string>
  photos: Map<string, Uint8Array>
}

/** The form's parts, read only once the owner's session was checked; the first of a name counts, as FormData.get. */
async function readWorkForm(request: Request): Promise<WorkForm> {
  const form: WorkForm = { fields: new Map(), photos: new Map() }
  for await (const part of multipartParts(request, LIMITS)) {
    if ('value' in part) {
      if (!form.fields.has(part.name)) form.fields.set(part.name, part.value)
    } else if (!form.photos.has(part.name) && part.file.byteLength > 0) form.photos.set(part.name, part.file)
  }
  return form
}

// A text field the form did not send counts as empty; leadId is optional, so it may stay absent.
const NO_FIELDS = { id: '', category: '', city: '', caption: '', alt: '', consent: '' }

/**
 * Decoded, composed and encoded while no other photo decodes: decoding two 12-megapixel photos takes both cores.
 * A cell is at most the frame's longest side wide and tall: each photo comes at most that on its shorter side.
 */
function frameOf(before: Uint8Array, after: Uint8Array): Promise<EncodedVariants> {
  return decodeInTurn(async () => {
    const upright = [await decodePhoto(before, MAX_FRAME_SIDE), await decodePhoto(after, MAX_FRAME_SIDE)] as const
    return encodeVariants(await composeBeforeAfter(...upright))
  })
}

/** The frame's files first, then the row; the files this call added go again unless the row names them. */
export async function storePostedWork(db: Db, fields: PostWorkFields, frame: EncodedVariants, files: FileStore) {
  const added: string[] = []
  let work: OwnerPostedWork | undefined
  try {
    const found: EncodedVariants['files'] = []
    for (const file of frame.files) {
      const path = `posted-work/${file.name}`
      // A name hashes its content: one already there (the same frame posted twice) holds these bytes.
      if (await files.put(path, file.bytes, file.contentType)) added.push(path)
      else found.push(file)
    }
    // The id comes from the form: a concurrent retry's row wins, and this one's files go below.
    work = await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('posted_work')
        .values({
          id: fields.id,
          category: fields.category,
          city_slug: fields.city || null,
          caption: fields.caption || null,
          alt: fields.alt,
          image_hash: frame.hash,
          width: frame.width,
          height: frame.height,
          widths: frame.widths,
          placeholder: frame.placeholder,
          // A lead deleted since the form opened leaves the job unlinked, not refused.
          lead_id: fields.leadId ? (eb) => eb.selectFrom('leads').select('id').where('id', '=', fields.leadId!) : null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute()
      return (await listOwnerWork(tx, fields.id))[0]
    })
    if (!work) throw new Error('the posted job was not stored')
    // The frame's other post, deleted meanwhile, took the files this one found there: put back any gone.
    for (const file of found) await files.put(`posted-work/${file.name}`, file.bytes, file.contentType)
    return work
  } finally {
    if (work?.imageHash !== frame.hash)
      await files.remove(added).catch((error: unknown) => {
        log('work').error({ err: error, id: fields.id }, 'files of a failed post not removed')
      })
    if (work) dropStoredPages()
  }
}

async function receive(db: Db, request: Request, files: FileStore): Promise<Response> {
  let form: WorkForm
  try {
    form = await readWorkForm(request)
  } catch (error) {
    if (!(error instanceof MultipartRefused)) throw error
    return error.reason === 'too-large' ? refuse(413, 'too-large') : refuse(400, 'invalid')
  }

  const fields = v.safeParse(postWorkFieldsSchema, { ...NO_FIELDS, ...Object.fromEntries(form.fields) })
  if (!fields.success) return refuse(400, 'invalid', fields.issues[0]?.message ?? POST_WORK_MESSAGES.invalid)
  const before = form.photos.get('before')
  const after = form.photos.get('after')
  if (!before || !after) return refuse(400, 'invalid')

  try {
    // A retry whose answer was lost: the job is posted already, so nothing is decoded again.
    const [posted] = await listOwnerWork(db, fields.output.id)
    if (posted) return answer(200, { success: true, work: posted })
    const work = await storePostedWork(db, fields.output, await frameOf(before, after), files)
    log('work').info({ id: work.id, category: work.category }, 'the owner posted work')
    return answer(200, { success: true, work })
  } catch (error) {
    if (error instanceof NotAnImageError) return refuse(415, 'not-image')
    log('work').error({ err: error, id: fields.output.id }, 'posted work not stored')
    return refuse(503, 'failed')
  }
}

export async function handlePostWork(db: Db, request: Request, files: FileStore): Promise<Response> {
  try {
    return await receive(db, request, files)
  } finally {
    await stopReading(request)
  }
}
