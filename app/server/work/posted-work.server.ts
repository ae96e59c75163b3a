// Posted work (docs/decisions/049-posted-work.md): the public pages' read and photos, and the owner's list,
// hide, show and delete. The owner is checked by the caller (ownerFn); the files are in the store's posted-work/.
import {
  POSTED_WORK_FILE_PATTERN,
  postedWorkFile,
  type OwnerPostedWork,
  type PostedWork,
} from '~/lib/posted-work/posted-work'
import { getBackend, type Backend } from '../backend/backend.server'
import type { Queryable } from '../db/database.server'
import { runtimeConfig } from '../config.server'
import { dropStoredPages } from '../http/html-cache.server'
import { CONTENT_TYPES, FORMATS, type VariantFormat } from '../images/image-variants.server'
import { log } from '../log/logger.server'

// The columns as the pages get them: no mapping in between.
const SHOWN = `id, category, city_slug AS "citySlug", caption, alt, image_hash AS "imageHash", width, height, widths,
  placeholder, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`
export const OWNER_SHOWN = `${SHOWN}, published, lead_id AS "leadId"`

/** The newest published jobs. */
export async function publishedWork(db: Queryable, limit: number): Promise<PostedWork[]> {
  const { rows } = await db.query<PostedWork>(
    `SELECT ${SHOWN} FROM posted_work WHERE published ORDER BY created_at DESC, id LIMIT $1`,
    [limit],
  )
  return rows
}

/** Every posted job, hidden ones too; or the one with `id` (a retried upload's question). */
export async function listOwnerWork(db: Queryable, id?: string): Promise<OwnerPostedWork[]> {
  const { rows } = await db.query<OwnerPostedWork>(
    `SELECT ${OWNER_SHOWN} FROM posted_work WHERE $1::uuid IS NULL OR id = $1 ORDER BY created_at DESC, id`,
    [id ?? null],
  )
  return rows
}

/** False when there is no such job. */
export async function setWorkPublished(db: Queryable, id: string, published: boolean): Promise<boolean> {
  const { affectedRows } = await db.query('UPDATE posted_work SET published = $2 WHERE id = $1', [id, published])
  if (affectedRows > 0) dropStoredPages()
  return affectedRows > 0
}

/** False when there is no such job. Its files go unless another post shows the same frame. */
export async function deleteWork(backend: Backend, id: string): Promise<boolean> {
  const db = await backend.db()
  const { rows } = await db.query<{ image_hash: string; widths: number[]; still_used: boolean }>(
    `WITH gone AS (DELETE FROM posted_work WHERE id = $1 RETURNING image_hash, widths)
     SELECT g.image_hash, g.widths,
            EXISTS (SELECT 1 FROM posted_work o WHERE o.image_hash = g.image_hash AND o.id <> $1) AS still_used
       FROM gone g`,
    [id],
  )
  const gone = rows[0]
  if (!gone) return false
  dropStoredPages()
  // The row is gone, so no page links them; a failure here leaves unlinked files, never a broken page.
  const variants = gone.widths.flatMap((width) =>
    FORMATS.map((format) => `posted-work/${postedWorkFile(gone.image_hash, width, format)}`),
  )
  if (!gone.still_used)
    await backend.files
      .remove(variants)
      .catch((error: unknown) => log('work').error({ err: error, id }, 'posted work files not removed'))
  log('work').info({ id }, 'the owner deleted posted work')
  return true
}

// GET /work-photos/<hash>-<width>.<avif|webp>: the variants from the site's own origin, whichever store holds them,
// while a shown job has them. Hidden or deleted work goes at once here, and from caches within the pages' own
// freshness (HTML_CACHE_SECONDS): never a year-long immutable copy of a photo the owner took down (decision 052).
export async function workPhotoResponse(request: Request, file: string, backend: Backend = getBackend()) {
  // Uncached, or a 404 would outlive the file's arrival (a post on another instance, a restore).
  const notFound = () =>
    new Response('Not found\n', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  const match = POSTED_WORK_FILE_PATTERN.exec(file)
  if (!match) return notFound()
  const db = await backend.db()
  const shown = await db.query(
    'SELECT 1 FROM posted_work WHERE image_hash = $1 AND published AND $2 = ANY (widths) LIMIT 1',
    [match[1], Number(match[2])],
  )
  if (shown.rows.length === 0) return notFound()
  // The name hashes the content: a copy the browser holds is this file, so a revalidation costs no body.
  const etag = `"${file}"`
  const headers = {
    'Cache-Control': `public, max-age=${runtimeConfig().htmlCacheSeconds}`,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  const bytes = await backend.files.get(`posted-work/${file}`)
  if (!bytes) return notFound()
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), {
    headers: {
      ...headers,
      'Content-Type': CONTENT_TYPES[match[3] as VariantFormat],
      'Content-Length': String(bytes.byteLength),
    },
  })
}
