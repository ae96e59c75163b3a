import { useHydrated } from '@tanstack/react-router'
import { gallery } from '~/content/gallery'
import { BeforeAfterThumbnail } from '~/components/shared/before-after-thumbnail'

export function GalleryGrid() {
  // After a client-side navigation photos load at once.
  const hydrated = useHydrated()
  return (
    <section aria-label="Before-and-after photos" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      <ul id="gallery-grid" className="columns-1 gap-4 sm:columns-2 lg:columns-3">
        {gallery.map((image, index) => (
          <li key={image.src} className="mb-4 break-inside-avoid">
            <BeforeAfterThumbnail
              image={image}
              // The column's width: a 412 px phone at DPR 1.75 then takes the 720w file.
              sizes="(min-width: 1280px) 400px, (min-width: 1024px) calc(33.3vw - 1.7rem), (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)"
              priority={index === 0}
              holdUntilFirstPaint={index > 0 && !hydrated}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
