import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { videoOriginsOf } from '../../lib/page/content-security-policy'
import { runtimeConfig } from '~/platform/config.server'
import { db } from '~/platform/db/db.server'
import { readCache } from '~/platform/db/read-cache.server'
import { cacheableByBrowsers } from '~/platform/http/function-cache.server'
import { parse } from '~/platform/http/function-input.server'
import { log } from '~/platform/log/logger.server'
import { featuredVideo, type FeaturedVideo, type VideoTable } from './featured-video.server'
import { fetchReviews as storedReviews, type Review } from './fetch-reviews.server'

export type { FeaturedVideo, Review, VideoTable }

// A new video host is allowed by the Content-Security-Policy within five minutes: the answer lives as long.
const VIDEO_SECONDS = 300
/** docs/product.md: the reviews are fresh 30 minutes. */
const REVIEWS_FRESH_SECONDS = 1800

const MINUTE = 60_000

// Made on the server's first read: the browser's copy of this file has no database.
let caches: { videos: Record<VideoTable, () => Promise<FeaturedVideo | null>>; reviews: () => Promise<Review[]> }

/** The public pages' reads of these, in front of the stored pages (decision 010). */
const cached = createServerOnlyFn(() => {
  // docs/product.md: reviews are fresh 30 minutes and kept 60; a video 5 and 60.
  const video = (table: VideoTable) => readCache(() => featuredVideo(db, table), 5 * MINUTE, 60 * MINUTE)
  return (caches ??= {
    videos: { pressure_washing_videos: video('pressure_washing_videos'), service_videos: video('service_videos') },
    reviews: readCache(() => storedReviews(db, runtimeConfig().googleReviews), 30 * MINUTE, 60 * MINUTE),
  })
})

/** The featured video as every page reads it: kept 5 minutes. */
export const cachedFeaturedVideo = (table: VideoTable) => cached().videos[table]()

const videoTableSchema = v.picklist(['pressure_washing_videos', 'service_videos'])

export const fetchFeaturedVideo = createServerFn({ method: 'GET' })
  .validator(parse(videoTableSchema))
  .handler(async ({ data: table }): Promise<FeaturedVideo | null> => {
    try {
      const video = await cachedFeaturedVideo(table)
      cacheableByBrowsers(VIDEO_SECONDS)
      return video
    } catch (error) {
      log('featured-video').error({ err: error, table }, `reading ${table} failed`)
      throw new Error('Featured video unavailable')
    }
  })

/** Every page's media-src: a visitor may go on to either. */
export const featuredVideoOrigins = createServerOnlyFn(async (): Promise<string[]> => {
  const videos = await Promise.all(
    videoTableSchema.options.map((table) => cachedFeaturedVideo(table).catch(() => null)),
  )
  return videoOriginsOf(videos.map((video) => video?.video_url))
})

export const fetchReviews = createServerFn({ method: 'GET' }).handler(async (): Promise<Review[]> => {
  try {
    const reviews = await cached().reviews()
    cacheableByBrowsers(REVIEWS_FRESH_SECONDS)
    return reviews
  } catch (error) {
    log('reviews').error({ err: error }, 'fetch-reviews failed')
    throw new Error('Reviews unavailable')
  }
})
