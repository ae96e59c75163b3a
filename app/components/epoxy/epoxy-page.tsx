import { epoxy } from '~/content/services'
import { PageHeading } from '~/components/layout/page-heading'

export function EpoxyPage() {
  return <PageHeading title={epoxy.title} intro={epoxy.description} />
}
