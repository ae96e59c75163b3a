import { galleryForService } from '~/content/gallery'
import type { Service } from '~/content/types'
import { BeforeAfterThumbnail } from '~/components/shared/before-after-thumbnail'

export function ServiceGallery({ service }: { service: Service }) {
  const images = galleryForService(service.id)
  if (images.length === 0) return null
  return (
    <section aria-labelledby="service-gallery-heading" className="mt-16">
      <h2 id="service-gallery-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {service.title}: Before &amp; After
      </h2>
      <ul className="mt-6 grid items-start gap-4 sm:grid-cols-3">
        {images.map((image) => (
          <li key={image.src}>
            <BeforeAfterThumbnail image={image} sizes="(min-width: 1280px) 400px, (min-width: 640px) 33vw, 100vw" />
          </li>
        ))}
      </ul>
    </section>
  )
}
