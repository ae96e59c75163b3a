/** Shared with the browser: no runtime code. */
import type { Tables } from '../../platform/db/schema.gen'

/** A featured row, its empty MIME type read as video/mp4 (featured-video.server.ts). */
export type FeaturedVideo = Pick<Tables['pressure_washing_videos'], 'id' | 'video_url' | 'is_featured'> & {
  mime_type: string
}

/** A stored or Google review as the pages show it: its day as text, an avatar only when it has one. */
export type Review = Pick<Tables['reviews'], 'id' | 'author' | 'rating' | 'text'> & { avatar?: string; date: string }
