import { fetchFeaturedVideo, fetchReviews, type FeaturedVideo, type Review } from './backend.functions'

// A failed read is null: the page shows what it has. Across pages the browser's HTTP cache answers again
// (the functions' Cache-Control), so no copy is kept here.
export const readReviews = (): Promise<Review[] | null> => fetchReviews().catch(() => null)

export const readFeaturedVideo = (table: 'pressure_washing_videos' | 'service_videos'): Promise<FeaturedVideo | null> =>
  fetchFeaturedVideo({ data: table }).catch(() => null)

export type { FeaturedVideo, Review }
