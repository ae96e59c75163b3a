import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { seo } from '~/lib/seo'
import { GalleryPage } from '~/components/gallery/gallery-page'

export const Route = createFileRoute('/gallery')({
  head: () => seo({ ...pageSeo.gallery, path: '/gallery' }),
  component: GalleryPage,
})
