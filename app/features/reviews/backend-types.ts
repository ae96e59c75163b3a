/** Shared with the browser: no runtime code. */

export interface FeaturedVideo {
  id: string
  video_url: string
  mime_type: string
  is_featured: boolean
}

export interface Review {
  id: string
  author: string
  avatar?: string
  rating: number
  text: string
  date: string
}
