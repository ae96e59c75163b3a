import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { Link, useSearch } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { homeServiceAreas } from '~/content/home-sections'
import { serviceAreas } from '~/content/service-areas'
import { ServiceAreasGrid } from '~/components/shared/service-areas-grid'
import { SectionHeader } from './section-header'

export function ServiceAreas() {
  const allAsked = useSearch({ from: '/', select: (search) => search.cities === 'all' })
  const [expanded, setExpanded] = useState(allAsked)
  const listId = useId()
  // A link that works before the JavaScript arrives (the server renders the other state); then a toggle.
  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault()
    setExpanded((value) => !value)
  }
  const shown = expanded ? serviceAreas : serviceAreas.slice(0, homeServiceAreas.initiallyShown)
  return (
    <section
      id="service-areas"
      aria-labelledby="service-areas-heading"
      className="render-when-visible scroll-mt-16 bg-slate-50"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeader id="service-areas-heading" heading={homeServiceAreas.heading} intro={homeServiceAreas.intro} />
        <div id={listId} className="mt-10">
          <ServiceAreasGrid areas={shown} />
        </div>
        <div className="mt-8 flex justify-center">
          <Link
            to="/"
            search={expanded ? {} : { cities: 'all' }}
            hash="service-areas"
            role="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={toggle}
            onKeyDown={(event) => event.key === ' ' && toggle(event)}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white px-6 font-bold text-brand-800 shadow-sm ring-1 ring-slate-300 hover:bg-brand-50"
          >
            {expanded ? homeServiceAreas.showLessLabel : homeServiceAreas.showMoreLabel}
            <ChevronDown
              className={`size-5 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
              aria-hidden="true"
            />
          </Link>
        </div>
      </div>
    </section>
  )
}
