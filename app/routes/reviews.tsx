import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { seo } from '~/lib/seo'
import { ReviewsPage } from '~/components/reviews/reviews-page'

export const Route = createFileRoute('/reviews')({
  head: () => seo({ ...pageSeo.reviews, path: '/reviews' }),
  component: ReviewsPage,
})
