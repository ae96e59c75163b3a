import type { City } from '~/content/types'
import { site } from '~/content/site'
import { PageHeading } from '~/components/layout/page-heading'

export function CityPage({ city }: { city: City }) {
  return (
    <PageHeading title={city.title} intro={city.description}>
      <a href={site.phoneHref} className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent-400 px-6 font-bold text-slate-950">
        Call {site.phone}
      </a>
    </PageHeading>
  )
}
