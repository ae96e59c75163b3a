import { gallery } from '~/content/gallery'
import { BeforeAfterThumbnail } from '~/components/shared/before-after-thumbnail'
import { useBeforeAfterLightbox } from '~/components/shared/before-after-lightbox'

export function GalleryGrid() {
  const { open, lightbox } = useBeforeAfterLightbox()
  return (
    <section aria-label="Before-and-after photos" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      <ul id="gallery-grid" className="columns-1 gap-4 sm:columns-2 lg:columns-3">
        {gallery.map((image, index) => (
          <li key={image.src} className="mb-4 break-inside-avoid">
            <BeforeAfterThumbnail
              image={image}
              sizes="(min-width: 1280px) 405px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              // The first photo is the likely LCP element on phones; the rest load lazily.
              priority={index === 0}
              onOpen={open}
            />
          </li>
        ))}
      </ul>
      {lightbox}
    </section>
  )
}
