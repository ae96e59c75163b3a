import { fetchFeaturedVideo, fetchReviews, type FeaturedVideo, type Review } from './backend.functions'

const MINUTE = 60_000
// A failed read is null: the page shows what it has. Videos are kept for the page's life: a new answer
// would restart a playing one.
const reads = {
  reviews: { ms: 30 * MINUTE, read: (): Promise<Review[] | null> => fetchReviews().catch(() => null) },
  'home-video': { ms: Infinity, read: () => fetchFeaturedVideo({ data: 'pressure_washing_videos' }).catch(() => null) },
  'service-video': { ms: Infinity, read: () => fetchFeaturedVideo({ data: 'service_videos' }).catch(() => null) },
}
type Reads = typeof reads
export type BackendRead = keyof Reads
type Answer<K extends BackendRead> = ReturnType<Reads[K]['read']>

const kept = new Map<BackendRead, { until: number; answer: Promise<unknown> }>()

/** The browser keeps one answer per read across pages; the server reads anew for each render. */
export function readBackend<K extends BackendRead>(key: K): Answer<K> {
  if (typeof window === 'undefined') return reads[key].read() as Answer<K>
  const entry = kept.get(key)
  if (entry && entry.until > Date.now()) return entry.answer as Answer<K>
  const answer = reads[key].read()
  kept.set(key, { until: Date.now() + reads[key].ms, answer })
  return answer as Answer<K>
}

/** The answer the first HTML brought becomes the kept one: the next page asks no second time. */
export function keepFirstAnswer<K extends BackendRead>(key: K, answer: Answer<K>): Answer<K> {
  if (typeof window !== 'undefined' && !kept.has(key)) kept.set(key, { until: Date.now() + reads[key].ms, answer })
  return answer
}

export type { FeaturedVideo, Review }
