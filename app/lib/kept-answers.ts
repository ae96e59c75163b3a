import type { FeaturedVideo, Review } from './backend.functions'

const MINUTE = 60_000
/** Videos for the page's life: a new answer restarts one. */
export const keptFor = { reviews: 30 * MINUTE, 'home-video': Infinity, 'service-video': Infinity }
export type BackendRead = keyof typeof keptFor
interface Answers {
  reviews: Review[] | null
  'home-video': FeaturedVideo | null
  'service-video': FeaturedVideo | null
}
export type Answer<K extends BackendRead> = Promise<Answers[K]>

// Apart from the reads, so the root need not load their client.
export const kept = new Map<BackendRead, { until: number; answer: Promise<unknown> }>()

/** The answer the first HTML brought becomes the kept one: the next page asks no second time. */
export function keepFirstAnswer<K extends BackendRead>(key: K, answer: Answer<K>): Answer<K> {
  if (typeof window !== 'undefined' && !kept.has(key)) kept.set(key, { until: Date.now() + keptFor[key], answer })
  return answer
}
