import { useQuery } from '@tanstack/react-query'
import { reviewsRatingSummary } from '~/content/pages'
import { reviewsQuery } from '~/lib/backend.functions'
import { reviewAverage } from '~/lib/review-average'
import { PageHeading } from '~/components/layout/page-heading'
import { StarRating } from '~/components/shared/star-rating'
import { ReviewsList } from './reviews-list'
import { ReviewsWidget } from './reviews-widget'

export function ReviewsPage() {
  const { data: reviews } = useQuery(reviewsQuery)
  const rating = reviewAverage(reviews ?? [])
  return (
    <>
      <PageHeading
        title="Customer Reviews"
        intro="What homeowners and businesses around Sacramento say about our work."
      >
        {/* No figure without reviews to back it. */}
        {rating && (
          <p className="mt-6 inline-flex items-center gap-3 rounded-full bg-white/10 px-4 py-2 font-semibold">
            <StarRating rating={Number(rating.average)} decorative />
            <span>{reviewsRatingSummary(rating.average, rating.count)}</span>
          </p>
        )}
      </PageHeading>
      <ReviewsList />
      <ReviewsWidget />
    </>
  )
}
