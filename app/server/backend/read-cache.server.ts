// The one server-side cache of the public pages' reads, in front of the stored pages (docs/decisions/010).
import type { FeaturedVideo, Review } from '~/lib/public-reads/backend-types'
import { POSTED_WORK_READ_LIMIT, type PostedWork } from '~/lib/posted-work/posted-work'
import { fetchReviews } from '../reviews/fetch-reviews.server'
import { publishedWork } from '../work/posted-work.server'
import { getBackend } from './backend.server'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'

const MINUTE = 60_000

/**
 * `load`'s answer, kept `freshMs`; until `keepMs` a stale one is served while it is asked again, and a failed
 * refresh keeps it. Renders asking at once share one read either way.
 */
function readCache<T>(load: () => Promise<T>, freshMs: number, keepMs: number): () => Promise<T> {
  let entry: { value: T; storedAt: number } | undefined
  let inFlight: Promise<T> | undefined
  const refresh = () =>
    (inFlight ??= load()
      .then((value) => ((entry = { value, storedAt: Date.now() }), value))
      .finally(() => (inFlight = undefined)))
  return async () => {
    const age = entry ? Date.now() - entry.storedAt : Infinity
    if (entry && age < freshMs) return entry.value
    if (entry && age < keepMs) {
      void refresh().catch(() => {})
      return entry.value
    }
    return refresh()
  }
}

/** The featured row, its empty MIME type read as video/mp4 (docs/product.md). */
async function featuredVideo(table: VideoTable): Promise<FeaturedVideo | null> {
  const db = await getBackend().db()
  const { rows } = await db.query<FeaturedVideo>(
    `SELECT id::text, video_url, coalesce(nullif(btrim(mime_type), ''), 'video/mp4') AS mime_type, is_featured
       FROM public.${table === 'service_videos' ? 'service_videos' : 'pressure_washing_videos'}
      WHERE is_featured LIMIT 1`,
  )
  return rows[0] ?? null
}

// docs/product.md: reviews are fresh 30 minutes and kept 60; a video 5 and 60.
const videoCaches: Record<VideoTable, () => Promise<FeaturedVideo | null>> = {
  pressure_washing_videos: readCache(() => featuredVideo('pressure_washing_videos'), 5 * MINUTE, 60 * MINUTE),
  service_videos: readCache(() => featuredVideo('service_videos'), 5 * MINUTE, 60 * MINUTE),
}

export const cachedFeaturedVideo = (table: VideoTable) => videoCaches[table]()

export const cachedReviews = readCache<Review[]>(
  async () => fetchReviews(await getBackend().db(), getBackend().config.googleReviews),
  30 * MINUTE,
  60 * MINUTE,
)

/**
 * Never kept, only shared by the renders asking at once: the stored pages are this read's cache, and an answer
 * kept here would add its age to theirs, so a posted, hidden or deleted job would take longer than
 * HTML_CACHE_SECONDS to show on every page of every instance.
 */
export const readPublishedWork = readCache<PostedWork[]>(
  async () => publishedWork(await getBackend().db(), POSTED_WORK_READ_LIMIT),
  0,
  0,
)
