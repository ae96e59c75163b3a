import { Suspense } from 'react'
import { site } from '~/content/site'
import { useSettledReviews } from '~/features/reviews/use-settled-reviews'
import { ReviewCard } from '~/components/shared/review-card'
import { SectionTitle } from '~/components/shared/section-title'

/** No review structured data: search engines do not allow self-serving review stars. */
export function ReviewsList() {
  return (
    <section aria-labelledby="reviews-list-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      <SectionTitle id="reviews-list-heading">What Our Customers Say</SectionTitle>
      <Suspense
        fallback={
          <p className="mt-6 text-slate-600" role="status">
            Loading reviews…
          </p>
        }
      >
        <Reviews />
      </Suspense>
    </section>
  )
}

function Reviews() {
  const reviews = useSettledReviews('/reviews')
  return reviews && reviews.length > 0 ? (
    <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="reviews-list">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  ) : (
    <p className="mt-6 max-w-2xl text-slate-700">
      {reviews === null ? 'Our reviews could not be loaded right now.' : 'No reviews to show yet.'} Call us at{' '}
      <a href={site.phoneHref} className="font-semibold text-brand-800 underline">
        {site.phone}
      </a>{' '}
      and we will gladly put you in touch with customers near you.
    </p>
  )
}
