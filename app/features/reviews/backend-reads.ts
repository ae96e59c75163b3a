import { fetchFeaturedVideo, fetchReviews, type Review, type VideoTable } from './backend.functions'

// A failed read is null: the page shows what it has. Across pages the browser's HTTP cache answers again
// (the functions' Cache-Control), so no copy is kept here.
export const readReviews = () => fetchReviews().catch(() => null)

export const readFeaturedVideo = (table: VideoTable) => fetchFeaturedVideo({ data: table }).catch(() => null)

export type { Review }
