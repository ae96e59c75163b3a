import type { FeaturedVideo, Review, VideoTable } from './backend.server'
import { getBackend } from './backend-factory.server'
import { publishedWork } from './posted-work-rows.server'
import { POSTED_WORK_READ_LIMIT, type PostedWork } from '~/lib/posted-work'

/** A failed refresh serves the old value until `keepMs`. */
interface Entry<T> {
  value: T
  storedAt: number
}

export interface CachePolicy {
  freshMs: number
  keepMs: number
}

const MINUTE = 60_000

export const REVIEWS_CACHE: CachePolicy = { freshMs: 30 * MINUTE, keepMs: 60 * MINUTE }
/**
 * Never kept, only shared by the renders asking at once: the stored pages are this read's cache, and an answer
 * kept here would add its age to theirs, so a posted, hidden or deleted job would take longer than
 * HTML_CACHE_SECONDS to show on every page of every instance.
 */
export const POSTED_WORK_CACHE: CachePolicy = { freshMs: 0, keepMs: 0 }
export const VIDEO_CACHE: CachePolicy = { freshMs: 5 * MINUTE, keepMs: 60 * MINUTE }

export class ReadCache<T> {
  private entry: Entry<T> | undefined
  private inFlight: Promise<T> | undefined

  constructor(
    private readonly load: () => Promise<T>,
    private readonly policy: CachePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    const entry = this.entry
    const age = entry ? this.now() - entry.storedAt : Infinity
    if (entry && age < this.policy.freshMs) return entry.value
    if (entry && age < this.policy.keepMs) {
      void this.refresh().catch(() => {})
      return entry.value
    }
    return this.refresh()
  }

  private refresh(): Promise<T> {
    this.inFlight ??= this.load()
      .then((value) => {
        this.entry = { value, storedAt: this.now() }
        return value
      })
      .finally(() => {
        this.inFlight = undefined
      })
    return this.inFlight
  }

  clear() {
    this.entry = undefined
  }
}

const videoCaches = new Map<VideoTable, ReadCache<FeaturedVideo | null>>()

export function cachedFeaturedVideo(table: VideoTable): Promise<FeaturedVideo | null> {
  let cache = videoCaches.get(table)
  if (!cache) {
    cache = new ReadCache(() => getBackend().featuredVideo(table), VIDEO_CACHE)
    videoCaches.set(table, cache)
  }
  return cache.get()
}

const reviewsCache = new ReadCache<Review[]>(() => getBackend().reviews(), REVIEWS_CACHE)

export function cachedReviews(): Promise<Review[]> {
  return reviewsCache.get()
}

const postedWorkCache = new ReadCache<PostedWork[]>(
  () => publishedWork(getBackend(), POSTED_WORK_READ_LIMIT),
  POSTED_WORK_CACHE,
)

export function readPublishedWork(): Promise<PostedWork[]> {
  return postedWorkCache.get()
}
