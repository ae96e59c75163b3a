import { PageHeading } from '~/components/layout/page-heading'

export function ReviewsPage() {
  return <PageHeading title="Customer Reviews" intro="What homeowners and businesses around Sacramento say about our work." />
}
