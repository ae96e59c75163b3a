/** The shapes of the backend's read results, shared by the server port and the browser (no runtime code). */

export interface FeaturedVideo {
  id: string
  video_url: string
  /** Never empty: "video/mp4" when the stored value is empty or null. */
  mime_type: string
  is_featured: boolean
  title?: string
  /** ISO 8601 timestamp. */
  created_at?: string
}

export interface Review {
  id: string
  author: string
  /** Image URL. */
  avatar?: string
  /** 1–5. */
  rating: number
  text: string
  /** Date of the review, "YYYY-MM-DD" (or whatever date string the hosted function returns). */
  date: string
}
