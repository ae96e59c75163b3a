// Posted work (docs/decisions/049-posted-work.md): the public pages' read and photos, and the owner's list,
// hide, show and delete. The owner is checked by the caller (ownerFn); the files are in the store's posted-work/.
import { sql, type ExpressionBuilder } from 'kysely'
// From lib, not posted-work.ts: that file names this module's row types, so importing it back would be a circle.
import { POSTED_WORK_FILE_PATTERN, postedWorkFile } from '~/lib/variant-file'
import type { Db } from '../../platform/db/database.server'
import type { DB } from '../../platform/db/schema.gen'
import type { FileStore } from '../../platform/files/file-store.server'
import { dropStoredPages } from '../../platform/http/html-cache.server'
import { CONTENT_TYPES, FORMATS, type VariantFormat } from '../../platform/images/image-variants.server'
import { log } from '../../platform/log/logger.server'

// The columns as the pages get them: no mapping in between.
const AS_STORED = ['id', 'category', 'caption', 'alt', 'width', 'height', 'widths', 'placeholder'] as const
const shown = (eb: ExpressionBuilder<DB, 'posted_work'>) =>
  [
    ...AS_STORED,
    'city_slug as citySlug',
    'image_hash as imageHash',
    sql<string>`to_char(${eb.ref('created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('createdAt'),
  ] as const

/** A posted job as the public pages get it. */
export type PostedWork = Awaited<ReturnType<typeof publishedWork>>[number]
/** The inbox also sees hidden ones. */
export type OwnerPostedWork = Awaited<ReturnType<typeof listOwnerWork>>[number]

const published = (db: Db) => db.selectFrom('posted_work').select(shown).where('published', '=', true)

/** The newest published jobs. */
export function publishedWork(db: Db, limit: number) {
  return published(db).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}

/** One lead's published jobs, oldest first: the pay page's before and after photos. */
export function publishedWorkOfLead(db: Db, leadId: string) {
  return published(db).where('lead_id', '=', leadId).orderBy('created_at').execute()
}

/** Every posted job, hidden ones too; or the one with `id` (a retried upload's question). */
export function listOwnerWork(db: Db, id?: string) {
  return db
    .selectFrom('posted_work')
    .select((eb) => [...shown(eb), 'published', 'lead_id as leadId'])
    .$if(id !== undefined, (query) => query.where('id', '=', id!))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute()
}

/** False when there is no such job. */
export async function setWorkPublished(db: Db, id: string, published: boolean): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('posted_work')
    .set({ published })
    .where('id', '=', id)
    .executeTakeFirst()
  if (numUpdatedRows > 0n) dropStoredPages()
  return numUpdatedRows > 0n
}

/** False when there is no such job. Its files go unless another post shows the same frame. */
export async function deleteWork(db: Db, id: string, files: FileStore): Promise<boolean> {
  const gone = await db
    .deleteFrom('posted_work')
    .where('id', '=', id)
    .returning(['image_hash', 'widths'])
    .executeTakeFirst()
  if (!gone) return false
  dropStoredPages()
  // The row is gone, so no page links them; a failure here leaves unlinked files, never a broken page.
  const variants = gone.widths.flatMap((width) =>
    FORMATS.map((format) => `posted-work/${postedWorkFile(gone.image_hash, width, format)}`),
  )
  // Asked after the delete, so of two posts of one frame deleted at once, the last one's delete takes the files.
  const stillUsed = await db
    .selectFrom('posted_work')
    .select('id')
    .where('image_hash', '=', gone.image_hash)
    .executeTakeFirst()
  if (!stillUsed)
    await files
      .remove(variants)
      .catch((error: unknown) => log('work').error({ err: error, id }, 'posted work files not removed'))
  log('work').info({ id }, 'the owner deleted posted work')
  return true
}

// GET /work-photos/<hash>-<width>.<avif|webp>: the variants from the site's own origin, whichever store holds them,
// while a shown job has them. Hidden or deleted work goes at once here, and from caches within the pages' own
// freshness (HTML_CACHE_SECONDS): never a year-long immutable copy of a photo the owner took down (decision 052).
export async function workPhotoResponse(
  db: Db,
  { request, file }: { request: Request; file: string },
  files: FileStore,
  maxAgeSeconds: number,
) {
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
  const shownJob = await db
    .selectFrom('posted_work')
    .select('id')
    .where('image_hash', '=', match[1]!)
    .where('published', '=', true)
    .where((eb) => eb(eb.val(Number(match[2])), '=', eb.fn.any('widths')))
    .limit(1)
    .executeTakeFirst()
  if (!shownJob) return notFound()
  // The name hashes the content: a copy the browser holds is this file, so a revalidation costs no body.
  const etag = `"${file}"`
  const headers = {
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  const bytes = await files.get(`posted-work/${file}`)
  if (!bytes) return notFound()
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), {
    headers: {
      ...headers,
      'Content-Type': CONTENT_TYPES[match[3] as VariantFormat],
      'Content-Length': String(bytes.byteLength),
    },
  })
}
