import { PageHeading } from '~/components/layout/page-heading'

export function GalleryPage() {
  return <PageHeading title="Before & After Gallery" intro="Driveways, patios, pavers, decks and homes we have cleaned." />
}
