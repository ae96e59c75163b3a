/** Shared by the server port and the browser, so no runtime code. */

export interface FeaturedVideo {
  id: string
  video_url: string
  /** "video/mp4" when the stored value is empty or null. */
  mime_type: string
  is_featured: boolean
  title?: string
  created_at?: string
}

export interface Review {
  id: string
  author: string
  avatar?: string
  rating: number
  text: string
  /** "YYYY-MM-DD", or whatever the hosted function returns. */
  date: string
}
