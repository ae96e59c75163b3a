import { claims } from '~/content/site'
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
        <p className="mt-6 inline-flex items-center gap-3 rounded-full bg-white/10 px-4 py-2 font-semibold">
          <StarRating rating={Number(claims.rating)} decorative />
          <span>{claims.rating} star rating</span>
        </p>
      </PageHeading>
      <ReviewsList />
      <ReviewsWidget />
    </>
  )
}
