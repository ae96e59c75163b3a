// The reviews the site shows: Google's, cached in `reviews` when GOOGLE_PLACES_API_KEY is set, else the stored
// ones. Of several instances on one database, one refreshes the cache. The API key goes in a header only, so no
// URL or log line can carry it.
import { sql } from 'kysely'
import type { Db } from '../../platform/db/database.server'
import type { RuntimeConfig } from '../../platform/config.server'
import { log } from '../../platform/log/logger.server'
import { withoutControls } from '../../lib/text-fields'

/** A stored or Google review as the pages show it: its day as text, an avatar only when it has one. */
export type Review = Awaited<ReturnType<typeof publishedReviews>>[number]
type GoogleReviewsConfig = NonNullable<RuntimeConfig['googleReviews']>
/** One review as Google gave it, cleaned. */
type GoogleReviewRow = Omit<Review, 'id' | 'avatar'> & { external_id: string; avatar: string | null }

const GOOGLE_TIMEOUT_MS = 8000
const FAILURE_PAUSE_MINUTES = 5

function clean(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  return withoutControls(value).trim().slice(0, max)
}

interface PlacesReview {
  name?: unknown
  rating?: unknown
  text?: { text?: unknown } | null
  originalText?: { text?: unknown } | null
  authorAttribution?: { displayName?: unknown; photoUri?: unknown } | null
  publishTime?: unknown
}

/** null when it cannot be shown (no text, bad rating…). */
function normaliseGoogleReview(review: PlacesReview | null): GoogleReviewRow | null {
  const externalId = clean(review?.name, 300)
  const rating = typeof review?.rating === 'number' ? Math.round(review.rating) : NaN
  const text = clean(review?.text?.text, 5000) || clean(review?.originalText?.text, 5000)
  const author = clean(review?.authorAttribution?.displayName, 100) || 'Google user'
  const published = typeof review?.publishTime === 'string' ? new Date(review.publishTime) : null
  if (!externalId || !text || !(rating >= 1 && rating <= 5) || !published || Number.isNaN(published.getTime()))
    return null
  const photo = review?.authorAttribution?.photoUri
  const avatar =
    typeof photo === 'string' && /^https:\/\/[^\s"'<>]+$/.test(photo) && photo.length <= 2000 ? photo : null
  return { external_id: externalId, author, avatar, rating, text, date: published.toISOString().slice(0, 10) }
}

async function fetchGoogleReviews(google: GoogleReviewsConfig): Promise<GoogleReviewRow[]> {
  const url = `${google.baseUrl}/v1/places/${encodeURIComponent(google.placeId)}?languageCode=en`
  const response = await fetch(url, {
    headers: { 'X-Goog-Api-Key': google.apiKey, 'X-Goog-FieldMask': 'reviews' },
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
  })
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new Error(`Places API answered ${response.status}`)
  }
  const data = (await response.json()) as { reviews?: unknown } | null
  if (data && typeof data === 'object' && data.reviews === undefined) return [] // a place without reviews
  if (!data || !Array.isArray(data.reviews)) throw new Error('Places API answer has no reviews array')
  return data.reviews.map((item) => normaliseGoogleReview(item as PlacesReview | null)).filter((row) => row !== null)
}

// One statement, so exactly one instance wins a stale (or missing: the INSERT) cache: a racing claim waits on
// this row, then finds it fresh and touches nothing. The fetch takes seconds; meanwhile the others serve the cache.
async function claimRefresh(db: Db, cacheMinutes: number): Promise<boolean> {
  const claim = await db
    .insertInto('app_settings')
    .values({ key: 'google_reviews_fetched_at', value: sql`now()::text` })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ value: sql`excluded.value`, updated_at: sql`now()` })
        .where((eb) =>
          eb(
            eb.cast<Date>('app_settings.value', 'timestamptz'),
            '<=',
            sql<Date>`now() - ${cacheMinutes}::int * interval '1 minute'`,
          ),
        ),
    )
    .executeTakeFirst()
  return Number(claim.numInsertedOrUpdatedRows) === 1
}

// Dates the claim so that it goes stale in FAILURE_PAUSE_MINUTES: no instance asks a failing Google sooner.
async function pauseAfterFailure(db: Db, cacheMinutes: number): Promise<void> {
  await db
    .updateTable('app_settings')
    .set({
      value: sql`(now() - (${cacheMinutes}::int - ${FAILURE_PAUSE_MINUTES}::int) * interval '1 minute')::text`,
      updated_at: sql`now()`,
    })
    .where('key', '=', 'google_reviews_fetched_at')
    .execute()
}

/**
 * Replaces the cached Google reviews with the latest answer, in one transaction; reviews the owner unpublished
 * stay so (the update leaves `published` alone). The cache is dated by its claim.
 */
async function cacheGoogleReviews(db: Db, reviews: GoogleReviewRow[]): Promise<void> {
  const latest = [...new Map(reviews.map((review) => [review.external_id, review])).values()]
  const kept = latest.map((review) => review.external_id)
  await db.transaction().execute(async (tx) => {
    const gone = tx.deleteFrom('reviews').where('source', '=', 'google')
    await (kept.length > 0 ? gone.where('external_id', 'not in', kept) : gone).execute()
    const rows = latest.map(({ date, ...review }) => ({ ...review, review_date: date, source: 'google' }))
    if (rows.length > 0)
      await tx
        .insertInto('reviews')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['source', 'external_id']).doUpdateSet((eb) => ({
            author: eb.ref('excluded.author'),
            avatar: eb.ref('excluded.avatar'),
            rating: eb.ref('excluded.rating'),
            text: eb.ref('excluded.text'),
            review_date: eb.ref('excluded.review_date'),
          })),
        )
        .execute()
  })
}

async function publishedReviews(db: Db, source: 'google' | null) {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => [
      'id',
      'author',
      'avatar',
      'rating',
      'text',
      sql<string>`to_char(${eb.ref('review_date')}, 'YYYY-MM-DD')`.as('date'),
    ])
    .where('published', '=', true)
    .$if(source !== null, (q) => q.where('source', '=', source!))
    .orderBy('review_date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute()
  return rows.map(({ avatar, ...row }) => ({ ...row, rating: Number(row.rating), ...(avatar ? { avatar } : {}) }))
}

/** Google's cached reviews if any, else every published stored one; newest first, at most 100. */
export async function fetchReviews(db: Db, google?: RuntimeConfig['googleReviews']): Promise<Review[]> {
  if (!google) return publishedReviews(db, null)
  if (await claimRefresh(db, google.cacheMinutes)) {
    try {
      const rows = await fetchGoogleReviews(google)
      await cacheGoogleReviews(db, rows)
    } catch (error) {
      log('reviews').warn({ err: error }, 'Google reviews could not be refreshed; serving the cache')
      await pauseAfterFailure(db, google.cacheMinutes)
    }
  }
  const cached = await publishedReviews(db, 'google')
  return cached.length > 0 ? cached : publishedReviews(db, null)
}
