import { getRouteApi } from '@tanstack/react-router'
import type { Service } from '~/content/types'
import { shownItems } from '~/features/work/shown-work'
import { CaptionedWorkList } from '~/components/shared/before-after-thumbnail'

const route = getRouteApi('/services')

export function ServiceGallery({ service }: { service: Service }) {
  const work = route.useLoaderData({ select: (data) => data.work })
  const items = shownItems({ page: 'service', service: service.id }, work)
  if (items.length === 0) return null
  return (
    <section aria-labelledby="service-gallery-heading" className="mt-16">
      <h2 id="service-gallery-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {service.title}: Before &amp; After
      </h2>
      <CaptionedWorkList
        items={items}
        sizes="(min-width: 1280px) 400px, (min-width: 640px) 33vw, 100vw"
        className="mt-6 sm:grid-cols-3"
      />
    </section>
  )
}
