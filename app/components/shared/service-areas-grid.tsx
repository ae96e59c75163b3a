import { Link } from '@tanstack/react-router'
import { MapPin } from 'lucide-react'
import { serviceAreas } from '~/content/service-areas'
import type { ServiceArea } from '~/content/types'

export function ServiceAreasGrid({
  areas = serviceAreas,
  className = '',
  foldedAfter = areas.length,
  foldedClassName = '',
}: {
  areas?: ServiceArea[]
  className?: string
  /** Items from this index on carry `foldedClassName` (CSS hides them while folded). */
  foldedAfter?: number
  foldedClassName?: string
}) {
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 ${className}`}>
      {areas.map((area, index) => (
        <li key={area.slug} className={index >= foldedAfter ? foldedClassName : undefined}>
          <Link
            to="/city/$citySlug"
            params={{ citySlug: area.slug }}
            className="flex h-full min-h-12 items-center gap-2 rounded-xl bg-white px-3 py-3 font-semibold sm:px-4 text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-300"
          >
            <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            {area.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}
