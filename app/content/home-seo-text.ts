import { claims, site } from './site'
import { serviceAreas } from './service-areas'

function listOf(items: readonly string[]): string {
  if (items.length < 2) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const areaNames = serviceAreas.map((area) => area.name)
const serviceRadiusKm = Math.round(site.serviceRadiusMeters / 1000)

export interface SeoTextSection {
  heading: string
  paragraphs: string[]
}

export const homeSeoText: { summary: string; sections: SeoTextSection[] } = {
  summary: 'Pressure Washing in Sacramento: What to Know Before You Book',
  sections: [
    {
      heading: 'Why Sacramento homes need regular exterior cleaning',
      paragraphs: [
        'The Sacramento Valley is hard on exterior surfaces. Long, dry summers that regularly pass 100 °F bake dust, pollen and traffic film onto siding and concrete, and the first autumn rains turn that film into streaks. Through the wet, foggy winter, shaded north walls, roofs and paver joints stay damp long enough for algae, mildew and moss to take hold, and the oaks, sycamores and liquidambars that shade so many neighborhoods drop leaves that leave tannin stains on driveways and patios.',
        'A yearly wash removes that growth before it stains or lifts paint, keeps walkways from becoming slippery, and keeps your home looking cared for. For sellers it is one of the cheapest improvements there is: a clean exterior and bright concrete can raise the value buyers see in a property by up to 10%.',
      ],
    },
    {
      heading: 'The right method for every surface',
      paragraphs: [
        'Not everything should be pressure washed. We soft wash houses and roofs: a diluted cleaning solution applied at low pressure, left to dwell so it kills algae and mildew at the root, then rinsed gently, which is safe for stucco, vinyl, wood siding, painted trim and shingles. Concrete driveways, patios and sidewalks get a rotary surface cleaner at full pressure for an even, stripe-free finish, with pre-treatment for oil, rust and irrigation stains.',
        'Decks and fences are cleaned with wood-safe cleaners at low pressure so the grain is not furred, and gutters are cleared and their outsides brightened. After a deep clean, sealing concrete and pavers with a breathable sealer helps them shed water, oil and UV, and can extend the life of the surface by up to 50%. For garages and small patios we also install epoxy floor coatings, usually in 1 to 2 days.',
      ],
    },
    {
      heading: 'Where we work',
      paragraphs: [
        `From our base in ${site.address.city} we serve homeowners, property managers and businesses within about ${serviceRadiusKm} km of downtown, including ${listOf(areaNames)}. Each community has its own page with the neighborhoods we work in and the jobs we are asked for most there.`,
      ],
    },
    {
      heading: 'How to get your free quote',
      paragraphs: [
        `Fill in the short form above or call ${site.phone}; we are available every day, ${site.hours.label}. Estimates are always free, we respond the same day, and you will hear back within ${claims.replyWithin} at the latest. ${site.name} has been in business since ${site.foundedYear}, is ${claims.licensed.toLowerCase()}, and every job is backed by our ${claims.guarantee.toLowerCase()}.`,
      ],
    },
  ],
}
