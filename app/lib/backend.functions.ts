import { createServerFn, createServerOnlyFn } from '@tanstack/react-start'
import * as v from 'valibot'
import type { FeaturedVideo, Review } from './backend-types'
import { videoOriginsOf } from './content-security-policy'
import { cachedFeaturedVideo, cachedReviews } from '~/server/backend/read-cache.server'
import { log } from '~/server/log/logger.server'

export type { FeaturedVideo, Review }

const videoTableSchema = v.picklist(['pressure_washing_videos', 'service_videos'])

export const fetchFeaturedVideo = createServerFn({ method: 'GET' })
  .validator(videoTableSchema)
  .handler(async ({ data: table }): Promise<FeaturedVideo | null> => {
    try {
      return await cachedFeaturedVideo(table)
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
    return await cachedReviews()
  } catch (error) {
    log('reviews').error({ err: error }, 'fetch-reviews failed')
    throw new Error('Reviews unavailable')
  }
})
