/** Google Places reviews. The key goes in a header, never a URL, so no logged URL can leak it. */
import type { GoogleReviewRow } from './db.ts'
import { env } from './env.ts'

const CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu

function clean(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const text = value.replace(CONTROL, (c) => (c === '\n' ? '\n' : ' ')).trim()
  return text.length > max ? text.slice(0, max) : text
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
export function normaliseGoogleReview(review: PlacesReview): GoogleReviewRow | null {
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

export interface GooglePlacesConfig {
  apiKey: string
  placeId: string
  /** Tests point it at a local stub. */
  baseUrl: string
}

export function googlePlacesConfig(): GooglePlacesConfig | null {
  const apiKey = env('GOOGLE_PLACES_API_KEY')
  const placeId = env('GOOGLE_PLACE_ID')
  if (!apiKey || !placeId) return null
  return {
    apiKey,
    placeId,
    baseUrl: (env('GOOGLE_PLACES_API_BASE') ?? 'https://places.googleapis.com').replace(/\/+$/, ''),
  }
}

export async function fetchGoogleReviews(config: GooglePlacesConfig, timeoutMs = 8000): Promise<GoogleReviewRow[]> {
  const url = `${config.baseUrl}/v1/places/${encodeURIComponent(config.placeId)}?languageCode=en`
  const response = await fetch(url, {
    headers: { 'X-Goog-Api-Key': config.apiKey, 'X-Goog-FieldMask': 'reviews' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new Error(`Places API answered ${response.status}`)
  }
  const data = (await response.json()) as { reviews?: unknown }
  if (data && typeof data === 'object' && data.reviews === undefined) return [] // a place without reviews
  if (!data || !Array.isArray(data.reviews)) throw new Error('Places API answer has no reviews array')
  const rows: GoogleReviewRow[] = []
  for (const item of data.reviews) {
    const row = normaliseGoogleReview(item as PlacesReview)
    if (row) rows.push(row)
  }
  return rows
}
