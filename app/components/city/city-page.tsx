import type { City } from '~/content/types'
import { CityHero } from './city-hero'
import { CityServices } from './city-services'
import { CityConditions } from './city-conditions'
import { CityLocalArea } from './city-local-area'
import { CityReasons } from './city-reasons'
import { CityOtherAreas } from './city-other-areas'

export function CityPage({ city }: { city: City }) {
  return (
    <>
      <CityHero city={city} />
      <CityServices city={city} />
      <CityConditions city={city} />
      <CityLocalArea city={city} />
      <CityReasons city={city} />
      <CityOtherAreas city={city} />
    </>
  )
}
