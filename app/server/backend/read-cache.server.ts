// The one server-side cache of the public pages' reads, in front of the stored pages (docs/decisions/010):
// reviews 30 minutes fresh and kept 60 (docs/product.md), a featured video 5 and 60.
import type { FeaturedVideo, Review } from '~/lib/public-reads/backend-types'
import { POSTED_WORK_READ_LIMIT, type PostedWork } from '~/lib/posted-work/posted-work'
import { fetchReviews } from '../reviews/fetch-reviews.server'
import { publishedWork } from '../work/posted-work.server'
import { getBackend } from './backend.server'

export type VideoTable = 'pressure_washing_videos' | 'service_videos'

/** A failed refresh serves the old value until `keepMs`. */
export interface CachePolicy {
  freshMs: number
  keepMs: number
}

const MINUTE = 60_000
export const REVIEWS_CACHE: CachePolicy = { freshMs: 30 * MINUTE, keepMs: 60 * MINUTE }
export const VIDEO_CACHE: CachePolicy = { freshMs: 5 * MINUTE, keepMs: 60 * MINUTE }
/**
 * Never kept, only shared by the renders asking at once: the stored pages are this read's cache, and an answer
 * kept here would add its age to theirs, so a posted, hidden or deleted job would take longer than
 * HTML_CACHE_SECONDS to show on every page of every instance.
 */
export const POSTED_WORK_CACHE: CachePolicy = { freshMs: 0, keepMs: 0 }

export class ReadCache<T> {
  private entry: { value: T; storedAt: number } | undefined
  private inFlight: Promise<T> | undefined

  constructor(
    private readonly load: () => Promise<T>,
    private readonly policy: CachePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    const age = this.entry ? this.now() - this.entry.storedAt : Infinity
    if (this.entry && age < this.policy.freshMs) return this.entry.value
    if (this.entry && age < this.policy.keepMs) {
      void this.refresh().catch(() => {})
      return this.entry.value
    }
    return this.refresh()
  }

  private refresh(): Promise<T> {
    this.inFlight ??= this.load()
      .then((value) => {
        this.entry = { value, storedAt: this.now() }
        return value
      })
      .finally(() => (this.inFlight = undefined))
    return this.inFlight
  }

  clear() {
    this.entry = undefined
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

const videoCaches: Record<VideoTable, ReadCache<FeaturedVideo | null>> = {
  pressure_washing_videos: new ReadCache(() => featuredVideo('pressure_washing_videos'), VIDEO_CACHE),
  service_videos: new ReadCache(() => featuredVideo('service_videos'), VIDEO_CACHE),
}

export const cachedFeaturedVideo = (table: VideoTable) => videoCaches[table].get()

const reviewsCache = new ReadCache<Review[]>(async () => {
  const backend = getBackend()
  return fetchReviews(await backend.db(), backend.config.googleReviews)
}, REVIEWS_CACHE)

export const cachedReviews = () => reviewsCache.get()

const postedWorkCache = new ReadCache<PostedWork[]>(
  async () => publishedWork(await getBackend().db(), POSTED_WORK_READ_LIMIT),
  POSTED_WORK_CACHE,
)

export const readPublishedWork = () => postedWorkCache.get()
