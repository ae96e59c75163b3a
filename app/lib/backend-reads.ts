import { fetchFeaturedVideo, fetchReviews, type FeaturedVideo, type Review } from './backend.functions'
import { kept, keptFor, type Answer, type BackendRead } from './kept-answers'

// A failed read is null: the page shows what it has.
const reads: { [K in BackendRead]: () => Answer<K> } = {
  reviews: () => fetchReviews().catch(() => null),
  'home-video': () => fetchFeaturedVideo({ data: 'pressure_washing_videos' }).catch(() => null),
  'service-video': () => fetchFeaturedVideo({ data: 'service_videos' }).catch(() => null),
}

/** The browser keeps one answer per read across pages; the server reads anew for each render. */
export function readBackend<K extends BackendRead>(key: K): Answer<K> {
  if (typeof window === 'undefined') return reads[key]()
  const entry = kept.get(key)
  if (entry && entry.until > Date.now()) return entry.answer as Answer<K>
  const answer = reads[key]()
  kept.set(key, { until: Date.now() + keptFor[key], answer })
  return answer
}

export type { FeaturedVideo, Review }
