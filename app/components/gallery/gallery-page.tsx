import { PageHeading } from '~/components/layout/page-heading'
import { BackToHomeLink } from '~/components/shared/action-buttons'
import { GalleryGrid } from './gallery-grid'

export function GalleryPage() {
  return (
    <>
      <PageHeading
        title="Before & After Gallery"
        intro="Driveways, patios, pavers, decks, roofs and homes we have cleaned across Greater Sacramento. Select a photo to see it full size."
      >
        <BackToHomeLink className="mt-8" />
      </PageHeading>
      <GalleryGrid />
    </>
  )
}
