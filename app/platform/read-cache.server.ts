// The one server-side cache of the public pages' reads, in front of the stored pages (docs/decisions/010).
import { sql } from 'kysely'
import type { FeaturedVideo, Review } from '~/features/reviews/backend-types'
import { POSTED_WORK_READ_LIMIT, type PostedWork } from '~/features/work/posted-work'
import { fetchReviews } from '../features/reviews/fetch-reviews.server'
import { publishedWork } from '../features/work/posted-work.server'
import type { Backend } from './backend.server'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'

const MINUTE = 60_000

/**
 * `load`'s answer, kept `freshMs`; until `keepMs` a stale one is served while it is asked again, and a failed
 * refresh keeps it. Renders asking at once share one read either way. One process has one backend.
 */
function readCache<T>(load: (backend: Backend) => Promise<T>, freshMs: number, keepMs: number) {
  let entry: { value: T; storedAt: number } | undefined
  let inFlight: Promise<T> | undefined
  const refresh = (backend: Backend) =>
    (inFlight ??= load(backend)
      .then((value) => ((entry = { value, storedAt: Date.now() }), value))
      .finally(() => (inFlight = undefined)))
  return async (backend: Backend): Promise<T> => {
    const age = entry ? Date.now() - entry.storedAt : Infinity
    if (entry && age < freshMs) return entry.value
    if (entry && age < keepMs) {
      void refresh(backend).catch(() => {})
      return entry.value
    }
    return refresh(backend)
  }
}

/** The featured row, its empty MIME type read as video/mp4 (docs/product.md). */
async function featuredVideo(backend: Backend, table: VideoTable): Promise<FeaturedVideo | null> {
  const video = await (
    await backend.db()
  )
    .selectFrom(table)
    .select([
      'id',
      'video_url',
      'is_featured',
      sql<string>`coalesce(nullif(btrim(mime_type), ''), 'video/mp4')`.as('mime_type'),
    ])
    .where('is_featured', '=', true)
    .limit(1)
    .executeTakeFirst()
  return video ?? null
}

// docs/product.md: reviews are fresh 30 minutes and kept 60; a video 5 and 60.
const videoCaches = {
  pressure_washing_videos: readCache(
    (backend) => featuredVideo(backend, 'pressure_washing_videos'),
    5 * MINUTE,
    60 * MINUTE,
  ),
  service_videos: readCache((backend) => featuredVideo(backend, 'service_videos'), 5 * MINUTE, 60 * MINUTE),
}

export const cachedFeaturedVideo = (backend: Backend, table: VideoTable) => videoCaches[table](backend)

export const cachedReviews = readCache<Review[]>(
  async (backend) => fetchReviews(await backend.db(), backend.config.googleReviews),
  30 * MINUTE,
  60 * MINUTE,
)

/**
 * Never kept, only shared by the renders asking at once: the stored pages are this read's cache, and an answer
 * kept here would add its age to theirs, so a posted, hidden or deleted job would take longer than
 * HTML_CACHE_SECONDS to show on every page of every instance.
 */
export const readPublishedWork = readCache<PostedWork[]>(
  async (backend) => publishedWork(await backend.db(), POSTED_WORK_READ_LIMIT),
  0,
  0,
)
