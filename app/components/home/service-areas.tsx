import { useSearch } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { homeServiceAreas } from '~/content/home-sections'
import { ServiceAreasGrid } from '~/components/shared/service-areas-grid'
import { HomeSection } from './section-header'

/** A <details> folds the extra cities, without JavaScript too. */
export function ServiceAreas() {
  // Old /?cities=all links show every city.
  const allAsked = useSearch({ from: '/', select: (search) => search.cities === 'all' })
  return (
    <HomeSection id="service-areas" texts={homeServiceAreas} className="group/areas scroll-mt-16 bg-slate-50">
      <ServiceAreasGrid
        className="mt-10"
        foldedAfter={homeServiceAreas.initiallyShown}
        foldedClassName="group-has-[details:not([open])]/areas:hidden"
      />
      <details open={allAsked || undefined} className="group mt-8 text-center">
        <summary className="inline-flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-full bg-white px-6 font-bold text-brand-800 shadow-sm ring-1 ring-slate-300 select-none hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{homeServiceAreas.showMoreLabel}</span>
          <span className="hidden group-open:inline">{homeServiceAreas.showLessLabel}</span>
          <ChevronDown
            className="size-5 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            aria-hidden="true"
          />
        </summary>
      </details>
    </HomeSection>
  )
}
