/** Google reviews cached in `reviews` when configured; if Google fails, the cache, else the stored ones. */
import { getDb, type StoredReview } from '../_shared/db.ts'
import { env } from '../_shared/env.ts'
import { fetchGoogleReviews, googlePlacesConfig } from '../_shared/google-reviews.ts'
import { gate, json } from '../_shared/http.ts'
import { installRedactingConsole, log } from '../_shared/log.ts'

installRedactingConsole()

const FAILURE_PAUSE_MS = 5 * 60_000
let lastFailureAt = 0

function cacheMinutes(): number {
  const n = Number(env('REVIEWS_CACHE_MINUTES') ?? '60')
  return Number.isFinite(n) && n >= 0 ? n : 60
}

export interface Review {
  id: string
  author: string
  avatar?: string
  rating: number
  text: string
  date: string
}

function toReview(row: StoredReview): Review {
  const review: Review = { id: row.id, author: row.author, rating: row.rating, text: row.text, date: row.date }
  if (row.avatar) review.avatar = row.avatar
  return review
}

export async function handler(req: Request): Promise<Response> {
  const early = gate(req, ['POST', 'GET'])
  if (early) return early
  await req.body?.cancel().catch(() => undefined)

  try {
    const db = getDb()
    const google = googlePlacesConfig()
    if (!google) {
      return json(req, 200, { reviews: (await db.listPublishedReviews(null)).map(toReview), source: 'stored' })
    }

    const fetchedAt = await db.googleReviewsFetchedAt()
    const stale = !fetchedAt || Date.now() - fetchedAt.getTime() >= cacheMinutes() * 60_000
    if (stale && Date.now() - lastFailureAt >= FAILURE_PAUSE_MS) {
      try {
        const rows = await fetchGoogleReviews(google)
        await db.cacheGoogleReviews(rows)
      } catch (error) {
        lastFailureAt = Date.now()
        log.warn('[fetch-reviews] Google reviews could not be refreshed; serving the cache:', error)
      }
    }
    const cached = await db.listPublishedReviews('google')
    if (cached.length > 0) return json(req, 200, { reviews: cached.map(toReview), source: 'google' })
    return json(req, 200, { reviews: (await db.listPublishedReviews(null)).map(toReview), source: 'stored' })
  } catch (error) {
    log.error('[fetch-reviews] failed:', error)
    return json(req, 500, { error: 'Reviews are unavailable right now.' })
  }
}
