import { getBackend, type FeaturedVideo, type Review, type VideoTable } from './backend.server'

/**
 * Backend reads cached in the server process, so a page view does not hit the database each time.
 * A value is fresh for `freshMs`; after that it is still served (and refreshed in the background)
 * until `keepMs`. A failed refresh keeps the old value; with nothing kept, the failure is thrown.
 */
interface Entry<T> {
  value: T
  storedAt: number
}

export interface CachePolicy {
  freshMs: number
  keepMs: number
}

const MINUTE = 60_000

/** docs/product.md#calls-to-the-backend: reviews are fresh for 30 minutes and kept for 60. */
export const REVIEWS_CACHE: CachePolicy = { freshMs: 30 * MINUTE, keepMs: 60 * MINUTE }
/** A newly featured video shows within 5 minutes. */
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

  /** One load at a time, however many requests arrive together. */
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
