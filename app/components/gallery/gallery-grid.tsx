import { getRouteApi } from '@tanstack/react-router'
import { galleryTexts } from '~/content/gallery'
import { shownItemKey, shownItems } from '~/features/work/shown-work'
import { BeforeAfterThumbnail } from '~/components/shared/before-after-thumbnail'

const route = getRouteApi('/gallery')

export function GalleryGrid() {
  const items = shownItems({ page: 'gallery' }, route.useLoaderData({ select: (data) => data.work }))
  return (
    <section aria-label="Before-and-after photos" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      {items.length === 0 ? (
        <p className="text-center text-lg text-slate-700">{galleryTexts.empty}</p>
      ) : (
        <ul id="gallery-grid" className="columns-1 gap-4 sm:columns-2 lg:columns-3">
          {items.map((item, index) => (
            <li key={shownItemKey(item)} className="mb-4 break-inside-avoid">
              <BeforeAfterThumbnail
                item={item}
                // The column's width: a 412 px phone at DPR 1.75 then takes the 720w file.
                sizes="(min-width: 1280px) 400px, (min-width: 1024px) calc(33.3vw - 1.7rem), (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)"
                priority={index === 0}
                holdUntilFirstPaint={index > 0}
                showCaption
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
