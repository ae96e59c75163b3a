import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { seo } from '~/lib/seo'
import { reviewsQuery } from '~/lib/backend.functions'
import { ReviewsPage } from '~/components/reviews/reviews-page'

export const Route = createFileRoute('/reviews')({
  // A failure must not break the page.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(reviewsQuery).then(
      () => null,
      () => null,
    ),
  head: () => seo({ ...pageSeo.reviews, path: '/reviews' }),
  component: ReviewsPage,
})
