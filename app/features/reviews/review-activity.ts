import type { ReviewActivity } from '~/content/activity'
import { readReviews, type Review } from '~/features/reviews/backend-reads'

/** Not enough to identify a customer. */
export function shortName(author: string): string {
  const [first = '', ...rest] = author.trim().split(/\s+/)
  const last = rest.at(-1)
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first
}

const DAY_MS = 86_400_000

export function activityFromReviews(
  reviews: readonly Pick<Review, 'author' | 'rating' | 'date'>[],
  now: number = Date.now(),
): ReviewActivity[] {
  return reviews
    .filter((review) => review.author.trim() && review.rating >= 4 && review.rating <= 5)
    .map((review) => {
      const at = Date.parse(review.date)
      const item: ReviewActivity = { type: 'review', name: shortName(review.author), rating: Math.round(review.rating) }
      if (Number.isFinite(at)) item.daysAgo = Math.max(0, Math.floor((now - at) / DAY_MS))
      return item
    })
    .sort((a, b) => (a.daysAgo ?? Infinity) - (b.daysAgo ?? Infinity))
}

export async function loadReviewActivity(): Promise<ReviewActivity[]> {
  const reviews = await readReviews()
  if (!reviews) throw new Error('Reviews unavailable')
  return activityFromReviews(reviews)
}
