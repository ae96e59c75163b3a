import { describe, expect, it } from 'vitest'
import { cities, cityBySlug } from '../../app/content/cities'
import { citySlugs, serviceAreas } from '../../app/content/service-areas'
import { epoxy, serviceById, services } from '../../app/content/services'
import { serviceIds, type City, type PageSeo } from '../../app/content/types'

/** docs/product.md#pages-and-routes: the 16 served areas, in the order the site lists them. */
const specAreas: [name: string, slug: string][] = [
  ['Orangevale', 'orangevale'],
  ['El Dorado Hills', 'el-dorado-hills'],
  ['Loomis', 'loomis'],
  ['Granite Bay', 'granite-bay'],
  ['Roseville', 'roseville'],
  ['West Sacramento', 'west-sacramento'],
  ['Foothill Farms', 'foothill-farms'],
  ['Rosemont', 'rosemont'],
  ['Rocklin', 'rocklin'],
  ['Rio Linda', 'rio-linda'],
  ['Rancho Cordova', 'rancho-cordova'],
  ['Carmichael', 'carmichael'],
  ['Folsom', 'folsom'],
  ['North Highlands', 'north-highlands'],
  ['Fair Oaks', 'fair-oaks'],
  ['Citrus Heights', 'citrus-heights'],
]

const specServiceOrder = [
  'concrete-sealing',
  'full-house',
  'driveway',
  'patio',
  'commercial',
  'deck-fence',
  'roof',
  'gutter',
]

// ---------- doorway-page guard helpers ----------

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The prose a visitor reads as "the page about this city". */
function cityBody(city: City): string {
  return normalize(
    [
      city.description,
      ...city.neighborhoods,
      ...city.landmarks,
      ...city.homeTypes,
      ...city.localConditions,
      ...city.commonServices.map((service) => service.note),
      ...city.reasons,
    ].join(' '),
  )
}

function shingles(text: string, size = 3): Set<string> {
  const words = text.split(' ').filter(Boolean)
  const result = new Set<string>()
  for (let i = 0; i + size <= words.length; i++) result.add(words.slice(i, i + size).join(' '))
  return result
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0
  for (const item of a) if (b.has(item)) shared++
  const union = a.size + b.size - shared
  return union === 0 ? 0 : shared / union
}

const MAX_SIMILARITY = 0.5

const pairs: { a: string; b: string; similarity: number }[] = []
for (let i = 0; i < cities.length; i++) {
  for (let j = i + 1; j < cities.length; j++) {
    const a = cities[i]!
    const b = cities[j]!
    pairs.push({ a: a.slug, b: b.slug, similarity: jaccard(shingles(cityBody(a)), shingles(cityBody(b))) })
  }
}
const mostSimilar = pairs.reduce((max, pair) => (pair.similarity > max.similarity ? pair : max), pairs[0]!)
const mostSimilarLabel = `${mostSimilar.a} ~ ${mostSimilar.b} = ${mostSimilar.similarity.toFixed(3)}`

/** The city with every mention of its name, in every text, replaced by another city's. */
function nameSwapped(city: City, otherName: string): City {
  return JSON.parse(JSON.stringify(city).replace(new RegExp(city.name, 'gi'), otherName))
}

// ---------- tests ----------

describe('service areas and cities', () => {
  it('lists the 16 served areas in the product order, with matching slugs', () => {
    expect(serviceAreas.map((area) => [area.name, area.slug])).toEqual(specAreas)
    expect([...citySlugs]).toEqual(specAreas.map(([, slug]) => slug))
    expect(cities.map((city) => [city.name, city.slug])).toEqual(specAreas)
  })

  it.each(cities.map((city) => [city.slug, city] as const))('%s has every required field filled in', (slug, city) => {
    expect(cityBySlug(slug)).toBe(city)
    expect(city.title).toBe(`Pressure Washing in ${city.name}, CA`)
    expect(city.description).toContain(city.name)
    expect(city.population).toMatch(/^About [\d,]+ residents \(20\d\d Census\)$/)
    expect(['Sacramento', 'Placer', 'El Dorado', 'Yolo']).toContain(city.county)
    expect(city.zipCodes.length).toBeGreaterThan(0)
    for (const zip of city.zipCodes) expect(zip).toMatch(/^9[56]\d{3}$/)
    for (const list of [city.landmarks, city.neighborhoods, city.homeTypes, city.localConditions]) {
      expect(list.length).toBeGreaterThanOrEqual(3)
      for (const item of list) expect(item.trim()).not.toBe('')
    }
    expect(city.commonServices.length).toBeGreaterThanOrEqual(3)
    expect(city.commonServices.length).toBeLessThanOrEqual(5)
    for (const service of city.commonServices) {
      expect(serviceIds).toContain(service.serviceId)
      expect(service.note.trim()).not.toBe('')
    }
    expect(new Set(city.commonServices.map((service) => service.serviceId)).size).toBe(city.commonServices.length)
    expect(city.reasons.length).toBeGreaterThanOrEqual(4)
    expect(city.reasons.length).toBeLessThanOrEqual(5)
  })
})

describe('services', () => {
  it('has the 8 services in tab order', () => {
    expect(services.map((service) => service.id)).toEqual(specServiceOrder)
    expect(services.map((service) => service.id)).toEqual([...serviceIds])
  })

  it.each(services.map((service) => [service.id, service] as const))('%s is complete', (id, service) => {
    expect(serviceById(id)).toBe(service)
    expect(service.title.trim()).not.toBe('')
    expect(service.shortTitle.split(' ').filter((word) => word !== '&').length).toBeLessThanOrEqual(2)
    expect(service.image).toBe(`services/${id}`)
    expect(service.description.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2)
    expect(service.features.length).toBeGreaterThanOrEqual(5)
    expect(service.features.length).toBeLessThanOrEqual(7)
    expect(service.process).toHaveLength(4)
    for (const step of service.process) {
      expect(step.title.trim()).not.toBe('')
      expect(step.description.trim()).not.toBe('')
    }
    expect(service.benefits.length).toBeGreaterThanOrEqual(4)
    expect(service.benefits.length).toBeLessThanOrEqual(6)
    // Prices are never published.
    expect(JSON.stringify(service)).not.toMatch(/\$\s?\d/)
  })

  it('states the business claims, and only those figures', () => {
    const text = JSON.stringify(services)
    expect(services.find((service) => service.id === 'concrete-sealing')!.benefits.join(' ')).toContain('up to 50%')
    expect(services.find((service) => service.id === 'driveway')!.description).toContain('up to 50%')
    expect(text).toContain('up to 10%')
    for (const match of text.match(/\d+%/g) ?? []) expect(['50%', '10%', '100%']).toContain(match)
    // Epoxy's benefits, cards and steps are e2e/pages.spec.ts's "/epoxy" test.
    expect(epoxy.installTime).toBe('1-2 days')
  })
})

describe('SEO', () => {
  const entries: [page: string, seo: PageSeo][] = [
    ...services.map((service) => [`services?tab=${service.id}`, service.seo] as [string, PageSeo]),
    ['epoxy', epoxy.seo],
    ...cities.map((city) => [`city/${city.slug}`, city.seo] as [string, PageSeo]),
  ]

  it.each(entries)('%s has a title of at most 60 characters and a description of 120-160', (_page, seo) => {
    expect(seo.title.length).toBeLessThanOrEqual(60)
    expect(seo.description.length).toBeGreaterThanOrEqual(120)
    expect(seo.description.length).toBeLessThanOrEqual(160)
    expect(seo.keywords.length).toBeGreaterThan(0)
  })

  it('service titles name Sacramento; city titles and descriptions name their city', () => {
    for (const service of services) expect(service.seo.title).toContain('Sacramento')
    for (const city of cities) {
      expect(city.seo.title).toContain(city.name)
      expect(city.seo.description).toContain(city.name)
    }
  })

  // No two pages share a title or a description: e2e/seo.spec.ts reads them from the served pages.
})

describe('doorway-page guard', () => {
  it('self-check: a city copied with only the name swapped is caught', () => {
    for (const [index, city] of cities.entries()) {
      const other = cities[(index + 1) % cities.length]!
      const copy = nameSwapped(city, other.name)
      expect(cityBody(copy)).not.toBe(cityBody(city))
      expect(jaccard(shingles(cityBody(city)), shingles(cityBody(copy)))).toBeGreaterThan(MAX_SIMILARITY)
    }
  })

  it(`no two city pages are near-copies (word 3-shingle Jaccard <= ${MAX_SIMILARITY}; max ${mostSimilarLabel})`, () => {
    console.log(`doorway guard: most similar city pair ${mostSimilarLabel}`)
    expect(pairs).toHaveLength((cities.length * (cities.length - 1)) / 2)
    for (const pair of pairs) {
      expect(pair.similarity, `${pair.a} vs ${pair.b}`).toBeLessThanOrEqual(MAX_SIMILARITY)
    }
  })
})
