import { createFileRoute } from '@tanstack/react-router'
import { pageSeo } from '~/content/pages'
import { readShownWork } from '~/features/work/shown-work-read'
import { seo } from '~/lib/seo/seo'
import { GalleryPage } from '~/components/gallery/gallery-page'

export const Route = createFileRoute('/gallery')({
  // Awaited: the first photo is the page's largest paint, so the first HTML must carry it.
  loader: async () => ({ work: await readShownWork({ page: 'gallery' }) }),
  head: () => seo({ ...pageSeo.gallery, path: '/gallery' }),
  component: GalleryPage,
})
