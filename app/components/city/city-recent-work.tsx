import type { City } from '~/content/types'
import type { ShownWork } from '~/features/work/posted-work'
import { shownItems } from '~/features/work/shown-work'
import { CaptionedWorkList } from '~/components/shared/before-after-thumbnail'
import { SectionTitle } from '~/components/shared/section-title'

/** The owner's own jobs in this town: what makes the page its own. Absent until there is one. */
export function CityRecentWork({ city, work }: { city: City; work: ShownWork }) {
  const items = shownItems({ page: 'city', city: city.slug }, work)
  if (items.length === 0) return null
  return (
    <section aria-labelledby="city-work-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-16">
      <SectionTitle id="city-work-heading">{`Recent work in ${city.name}`}</SectionTitle>
      <CaptionedWorkList
        items={items}
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="mt-8 sm:grid-cols-2 lg:grid-cols-3"
      />
    </section>
  )
}
