// fetchReviews against a real database and a LOCAL STAND-IN for Google's Places API (an HTTP server on
// 127.0.0.1 that records each request and answers as the test says).
import { describe, expect, it } from 'vitest'
import type { Database } from '../../app/platform/db/database.server'
import { fetchReviews } from '../../app/features/reviews/fetch-reviews.server'
import { startHttpStub, type StubReply } from '../support/http-stub'
import { captureLog } from '../support/log-capture'
import { rowsOf, useCleanup, useTestSites } from './helpers'

const API_KEY = 'test-places-key-9f3Kq2'
const PLACE_ID = 'ChIJ-test-place'
const CACHE_MINUTES = 60
const SAMPLE_AUTHORS_NEWEST_FIRST = ['Angela W.', 'Tom R.', 'Priya S.', 'Derek M.', 'Linda P.', 'Jason T.', 'Maria G.']

function placesReview(id: string, text: string, publishTime: string, extra: Record<string, unknown> = {}) {
  return {
    name: `places/${PLACE_ID}/reviews/${id}`,
    rating: 5,
    text: { text, languageCode: 'en' },
    authorAttribution: { displayName: `Author ${id}`, photoUri: `https://lh3.example.com/${id}.png` },
    publishTime,
    ...extra,
  }
}

const GOOGLE_REVIEWS = [
  placesReview('older', 'Good work on the fence.', '2026-03-01T10:00:00Z'),
  placesReview('newer', 'The patio looks new.', '2026-03-20T18:30:00Z'),
]

const ok = (reviews: unknown[]): StubReply => ({ body: { reviews } })

const cleanup = useCleanup()
const openSite = useTestSites()

/** A site, and the Places stand-in (stopped after the test) answering with GOOGLE_REVIEWS until told otherwise. */
async function setUp() {
  const { db } = await openSite()
  const places = await startHttpStub(ok(GOOGLE_REVIEWS))
  cleanup.push(places.stop)
  const google = { apiKey: API_KEY, placeId: PLACE_ID, baseUrl: places.url, cacheMinutes: CACHE_MINUTES }
  return { db, places, google }
}

/** As if the last refresh (or claim) were `minutes` further in the past. */
async function ageCache(db: Database, minutes: number) {
  await rowsOf(
    db,
    `UPDATE public.app_settings
        SET value = (value::timestamptz - $1::int * interval '1 minute')::text,
            updated_at = updated_at - $1::int * interval '1 minute'
      WHERE key = 'google_reviews_fetched_at'`,
    [minutes],
  )
}

describe('fetchReviews', { timeout: 60_000 }, () => {
  it('serves the published stored reviews, newest first, when Google is not configured', async () => {
    const { db } = await openSite()
    const reviewsTable = db.updateTable('reviews')
    await reviewsTable.set('avatar', 'https://example.com/tom.png').where('author', '=', 'Tom R.').execute()
    await reviewsTable.set('published', false).where('author', '=', 'Linda P.').execute()

    const reviews = await fetchReviews(db)

    const expected = SAMPLE_AUTHORS_NEWEST_FIRST.filter((author) => author !== 'Linda P.')
    expect(reviews.map((review) => review.author)).toEqual(expected)
    expect(reviews[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      author: 'Angela W.',
      rating: 5,
      text: expect.stringContaining('small retail center in Rancho Cordova'),
      date: '2026-02-26',
    })
    expect(reviews[1]).toMatchObject({ author: 'Tom R.', avatar: 'https://example.com/tom.png', date: '2026-01-17' })
    expect(reviews.filter((review) => 'avatar' in review)).toHaveLength(1)
  })

  it('fills the cache from one request to the Places stand-in, its key in a header, and serves only Google reviews', async () => {
    const { db, places, google } = await setUp()
    const log = captureLog()
    const reviews = await fetchReviews(db, google).finally(log.restore)

    const [request] = places.requests
    expect(places.requests).toHaveLength(1)
    expect(request).toMatchObject({ method: 'GET', path: `/v1/places/${PLACE_ID}?languageCode=en` })
    expect(request!.headers['x-goog-api-key']).toBe(API_KEY)
    expect(request!.headers['x-goog-fieldmask']).toBe('reviews')
    expect(reviews).toEqual([
      {
        id: expect.any(String),
        author: 'Author newer',
        avatar: 'https://lh3.example.com/newer.png',
        rating: 5,
        text: 'The patio looks new.',
        date: '2026-03-20',
      },
      expect.objectContaining({ author: 'Author older', date: '2026-03-01' }),
    ])
    const stored = db.selectFrom('reviews').select('external_id').where('source', '=', 'google').orderBy('external_id')
    expect(await stored.execute()).toEqual([
      { external_id: `places/${PLACE_ID}/reviews/newer` },
      { external_id: `places/${PLACE_ID}/reviews/older` },
    ])
    expect(log.text()).not.toContain(API_KEY)
  })

  it('does not ask the Places stand-in again within cacheMinutes, and asks once when the cache has aged', async () => {
    const { db, places, google } = await setUp()
    await fetchReviews(db, google)
    places.reply = ok([placesReview('latest', 'Gutters spotless.', '2026-04-02T09:00:00Z')])

    await ageCache(db, CACHE_MINUTES - 1)
    const stillCached = await fetchReviews(db, google)
    expect(places.requests).toHaveLength(1)
    expect(stillCached.map((review) => review.author)).toEqual(['Author newer', 'Author older'])

    await ageCache(db, 2)
    const refreshed = await fetchReviews(db, google)
    expect(places.requests).toHaveLength(2)
    expect(refreshed.map((review) => review.author)).toEqual(['Author latest'])
    await fetchReviews(db, google)
    expect(places.requests).toHaveLength(2)
  })

  it('asks the Places stand-in once when two calls race on a stale cache', async () => {
    const { db, places, google } = await setUp()
    await fetchReviews(db, google)
    await ageCache(db, CACHE_MINUTES + 1)

    const answers = await Promise.all([fetchReviews(db, google), fetchReviews(db, google)])

    expect(places.requests).toHaveLength(2)
    for (const reviews of answers)
      expect(reviews.map((review) => review.author)).toEqual(['Author newer', 'Author older'])
  })

  it('asks the Places stand-in once when two calls race on the very first refresh', async () => {
    const { db, places, google } = await setUp()
    await Promise.all([fetchReviews(db, google), fetchReviews(db, google)])
    expect(places.requests).toHaveLength(1)
  })

  it.each<[string, StubReply]>([
    ['answers 500', { status: 500, body: { error: { code: 500 } } }],
    ['answers 403', { status: 403, body: { error: { status: 'PERMISSION_DENIED' } } }],
    ['drops the connection', { hangUp: true }],
    ['answers with bad JSON', { text: '<html>not json</html>' }],
    ['answers without a reviews array', { body: { reviews: 'none' } }],
  ])('serves the stored reviews and warns without the key when the Places stand-in %s', async (_, answer) => {
    const { db, places, google } = await setUp()
    places.reply = answer
    const log = captureLog()
    const reviews = await fetchReviews(db, google).finally(log.restore)

    expect(places.requests).toHaveLength(1)
    expect(reviews.map((review) => review.author)).toEqual(SAMPLE_AUTHORS_NEWEST_FIRST)
    expect(log.records()).toEqual([
      expect.objectContaining({ level: 'warn', scope: 'reviews', msg: expect.stringContaining('Google reviews') }),
    ])
    expect(log.text()).not.toContain(API_KEY)
  })

  it('serves the cached Google reviews while the Places stand-in fails, and waits 5 minutes to retry', async () => {
    const { db, places, google } = await setUp()
    await fetchReviews(db, google)
    await ageCache(db, CACHE_MINUTES + 1)
    places.reply = { status: 503 }

    const log = captureLog()
    const duringFailure = await fetchReviews(db, google)
    await ageCache(db, 4)
    const withinPause = await fetchReviews(db, google).finally(log.restore)

    expect(places.requests).toHaveLength(2)
    for (const reviews of [duringFailure, withinPause])
      expect(reviews.map((review) => review.author)).toEqual(['Author newer', 'Author older'])
    expect(log.records()).toEqual([expect.objectContaining({ level: 'warn', scope: 'reviews' })])
    expect(log.text()).not.toContain(API_KEY)
    places.reply = ok(GOOGLE_REVIEWS)
    await ageCache(db, 1)
    await fetchReviews(db, google)
    expect(places.requests).toHaveLength(3)
  })

  it('drops or cleans the Places stand-in reviews as the old normaliser did', async () => {
    const { db, places, google } = await setUp()
    const time = '2026-03-10T12:00:00Z'
    places.reply = ok([
      placesReview('no-text', '', time),
      placesReview('original-only', '', time, { originalText: { text: 'Muy bien.' } }),
      placesReview('rating-zero', 'Fine.', time, { rating: 0 }),
      placesReview('rating-six', 'Fine.', time, { rating: 6 }),
      placesReview('rating-text', 'Fine.', time, { rating: '5' }),
      placesReview('rounded', 'Pretty good.', time, { rating: 4.6 }),
      placesReview('bad-date', 'Fine.', 'yesterday'),
      placesReview('plain-http', 'Clean\u0000 drive\u202E way.\nThanks!', time, {
        authorAttribution: { displayName: 'Jo\u0007e', photoUri: 'http://lh3.example.com/x.png' },
      }),
      placesReview('no-author', 'x'.repeat(6000), time, { authorAttribution: null }),
      { ...placesReview('no-name', 'Fine.', time), name: undefined },
      null,
    ])

    const reviews = await fetchReviews(db, google)

    expect(Object.fromEntries(reviews.map((review) => [review.author, review]))).toEqual({
      'Author original-only': expect.objectContaining({ text: 'Muy bien.', rating: 5 }),
      'Author rounded': expect.objectContaining({ rating: 5, text: 'Pretty good.' }),
      'Jo e': expect.not.objectContaining({ avatar: expect.anything() }),
      'Google user': expect.objectContaining({ text: 'x'.repeat(5000), date: '2026-03-10' }),
    })
    expect(reviews.find((review) => review.author === 'Jo e')).toMatchObject({ text: 'Clean  drive  way.\nThanks!' })
  })

  it('keeps a Google review the owner unpublished unpublished after a refresh', async () => {
    const { db, places, google } = await setUp()
    await fetchReviews(db, google)
    const hidden = `places/${PLACE_ID}/reviews/older`
    await db.updateTable('reviews').set({ published: false }).where('external_id', '=', hidden).execute()
    await ageCache(db, CACHE_MINUTES + 1)
    places.reply = ok([...GOOGLE_REVIEWS, placesReview('third', 'Windows too.', '2026-03-25T08:00:00Z')])

    const reviews = await fetchReviews(db, google)

    expect(places.requests).toHaveLength(2)
    expect(reviews.map((review) => review.author)).toEqual(['Author third', 'Author newer'])
    const row = db.selectFrom('reviews').select('published').where('external_id', '=', hidden)
    expect(await row.execute()).toEqual([{ published: false }])
  })
})
