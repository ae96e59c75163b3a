import { Suspense } from 'react'
import { reviewsRatingSummary } from '~/content/pages'
import { useSettledReviews } from '~/features/reviews/use-settled-reviews'
import { reviewAverage } from '~/features/reviews/review-average'
import { PageHeading } from '~/components/layout/page-heading'
import { StarRating } from '~/components/shared/star-rating'
import { ReviewsList } from './reviews-list'
import { ReviewsWidget } from './reviews-widget'

export function ReviewsPage() {
  return (
    <>
      <PageHeading
        title="Customer Reviews"
        intro="What homeowners and businesses around Sacramento say about our work."
      >
        <Suspense fallback={null}>
          <ReviewsRating />
        </Suspense>
      </PageHeading>
      <ReviewsList />
      <ReviewsWidget />
    </>
  )
}

/** No figure without reviews to back it. */
function ReviewsRating() {
  const reviews = useSettledReviews('/reviews')
  const rating = reviewAverage(reviews ?? [])
  if (!rating) return null
  return (
    <p className="mt-6 inline-flex items-center gap-3 rounded-full bg-white/10 px-4 py-2 font-semibold">
      <StarRating rating={Number(rating.average)} decorative />
      <span>{reviewsRatingSummary(rating.average, rating.count)}</span>
    </p>
  )
}
