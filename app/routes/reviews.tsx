import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { seo } from '~/lib/seo/seo'
import { readReviews } from '~/features/reviews/backend-reads'
import { ReviewsPage } from '~/components/reviews/reviews-page'

export const Route = createFileRoute('/reviews')({
  // Not awaited: docs/decisions/029-streamed-first-renders.md
  loader: () => ({ reviews: readReviews() }),
  head: () => seo({ ...pageSeo.reviews, path: '/reviews' }),
  component: ReviewsPage,
})
