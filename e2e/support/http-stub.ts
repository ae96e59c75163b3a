// Local stand-ins for the services the site calls and that cannot be reached here (Google Places, a language
// model): each test sets what they answer, and reads what they were asked (tests/support/http-stub.ts).
import type { HttpStub, StubReply } from '../../tests/support/http-stub'

export { startHttpStub, type HttpStub, type RecordedRequest, type StubReply } from '../../tests/support/http-stub'

export interface ShownReview {
  author: string
  rating: number
  text: string
  /** YYYY-MM-DD */
  date: string
}

/** The reviews as Google's Places API (New) answers a place's details. */
export function placeAnswer(reviews: ShownReview[]): StubReply {
  return {
    body: {
      reviews: reviews.map((review, index) => ({
        name: `places/e2e/reviews/${index}`,
        rating: review.rating,
        text: { text: review.text },
        authorAttribution: { displayName: review.author },
        publishTime: `${review.date}T12:00:00Z`,
      })),
    },
  }
}

/** A site's settings that make it show Google's reviews, read from `places`. */
export const googleReviewsEnv = (places: HttpStub) => ({
  GOOGLE_PLACES_API_KEY: 'e2e-places-key',
  GOOGLE_PLACE_ID: 'e2e-place',
  GOOGLE_PLACES_API_BASE: places.url,
})
