import type { FeaturedVideo, Review, VideoTable } from './backend.server'
import { getBackend } from './backend-factory.server'

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
