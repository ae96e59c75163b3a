// Not in cities.ts, to keep the browser bundle light.
export const citySlugs = [
  'orangevale',
  'el-dorado-hills',
  'loomis',
  'granite-bay',
  'roseville',
  'west-sacramento',
  'foothill-farms',
  'rosemont',
  'rocklin',
  'rio-linda',
  'rancho-cordova',
  'carmichael',
  'folsom',
  'north-highlands',
  'fair-oaks',
  'citrus-heights',
] as const
export type CitySlug = (typeof citySlugs)[number]

export interface ServiceArea {
  name: string
  slug: CitySlug
}

export const cityNames: Record<CitySlug, string> = {
  orangevale: 'Orangevale',
  'el-dorado-hills': 'El Dorado Hills',
  loomis: 'Loomis',
  'granite-bay': 'Granite Bay',
  roseville: 'Roseville',
  'west-sacramento': 'West Sacramento',
  'foothill-farms': 'Foothill Farms',
  rosemont: 'Rosemont',
  rocklin: 'Rocklin',
  'rio-linda': 'Rio Linda',
  'rancho-cordova': 'Rancho Cordova',
  carmichael: 'Carmichael',
  folsom: 'Folsom',
  'north-highlands': 'North Highlands',
  'fair-oaks': 'Fair Oaks',
  'citrus-heights': 'Citrus Heights',
}

export const serviceAreas: ServiceArea[] = citySlugs.map((slug) => ({ name: cityNames[slug], slug }))

/** The town a page is about: `/city/folsom` gives Folsom; any other path none. */
export function cityNameOfPath(pathname: string): string | null {
  const slug = /^\/city\/([a-z-]+)$/.exec(pathname)?.[1]
  return slug && (citySlugs as readonly string[]).includes(slug) ? cityNames[slug as CitySlug] : null
}
