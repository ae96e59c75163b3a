import { Suspense } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { lazyWhenIdle } from '~/lib/page/lazy-when-idle'
import { CityHero } from './city-hero'
import { CityServices } from './city-services'
import { CityConditions } from './city-conditions'
import { CityLocalArea } from './city-local-area'
import { CityReasons } from './city-reasons'
import { CityOtherAreas } from './city-other-areas'

// Server-rendered in full, code fetched at idle: most towns show none for a while, and pay nothing for it.
const CityRecentWork = lazyWhenIdle(() => import('./city-recent-work').then((module) => module.CityRecentWork))

const route = getRouteApi('/city/$citySlug')

export function CityPage() {
  const { city, work } = route.useLoaderData()
  return (
    <>
      <CityHero city={city} />
      <CityServices city={city} />
      <CityConditions city={city} />
      <CityLocalArea city={city} />
      {work.posted.length > 0 && (
        <Suspense fallback={null}>
          <CityRecentWork city={city} work={work} />
        </Suspense>
      )}
      <CityReasons city={city} />
      <CityOtherAreas city={city} />
    </>
  )
}
