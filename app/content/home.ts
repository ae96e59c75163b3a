/**
 * Texts of the home page (/): headings, the mission statement and the SEO copy. Facts (phone, claims,
 * stats, areas) come from site.ts and service-areas.ts, so a change there shows up here too.
 */
import { claims, site } from './site'
import { serviceAreas } from './service-areas'

/** "a, b and c" */
function listOf(items: readonly string[]): string {
  if (items.length < 2) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const areaNames = serviceAreas.map((area) => area.name)
const serviceRadiusKm = Math.round(site.serviceRadiusMeters / 1000)

export const homeHero = {
  eyebrow: `${claims.rating} star rated · ${claims.licensed.toLowerCase()}`,
  /** The headline reads `${before} ${highlight} ${after}`; the highlight gets the animated underline. */
  headline: { before: `${site.address.city}'s`, highlight: 'Top Rated', after: 'Pressure Washing Company' },
  intro:
    'House washing, driveway and patio cleaning, roof and gutter cleaning and concrete sealing across Greater Sacramento. ' +
    `${claims.freeEstimates}, ${claims.sameDayResponse.toLowerCase()}, and a ${claims.guarantee.toLowerCase()}.`,
  callLabel: `Call Now ${site.phone}`,
  quoteLabel: 'Get a FREE Quote',
} as const

export const homeReviews = {
  heading: 'What Our Customers Say',
  intro: `Rated ${claims.rating} stars by homeowners and businesses across Greater Sacramento.`,
  allReviewsLabel: 'Read All Reviews',
  loadingLabel: 'Loading customer reviews…',
} as const

export const homeServices = {
  heading: 'Our Services',
  intro:
    'Every surface gets the method it needs: a gentle soft wash for siding and roofs, a rotary surface cleaner for concrete, and a protective sealer where it pays off.',
  epoxyHeading: 'Epoxy Garage & Patio Floors',
  epoxyText: `A hard, glossy epoxy coating for garages and small patios that shrugs off oil and hot tires. Most installs are finished in ${claims.epoxyInstall}.`,
  epoxyLabel: 'Learn More About Epoxy',
} as const

export const homeQuote = {
  heading: 'Free Estimates, Same-Day Response',
  intro: `Tell us a little about your property and we will get back to you within ${claims.replyWithin} with a free, no-obligation quote.`,
  points: [claims.freeEstimates, claims.sameDayResponse, claims.licensed, claims.guarantee],
  hours: `Open every day, ${site.hours.label}`,
} as const

export const homeAbout = {
  heading: `About ${site.name}`,
  mission:
    'Our mission is to protect and restore the homes and businesses of Greater Sacramento with careful, honest exterior cleaning: the right method for every surface, a clear quote before we start, and a result we stand behind.',
  paragraphs: [
    `For ${claims.yearsInBusiness} years we have cleaned driveways, houses, roofs, decks and storefronts from Folsom to West Sacramento. We are a local, owner-operated crew, so the person who quotes your job is the person who cares how it turns out.`,
    'We match the pressure and the cleaner to the surface instead of blasting everything: soft washing for stucco, siding and shingles, hot water and surface cleaners for concrete, and wood-safe cleaners for decks and fences. Plants, pets and paint are protected before we start and rinsed after we finish.',
  ],
  claims: [
    claims.licensed,
    claims.freeEstimates,
    claims.sameDayResponse,
    claims.guarantee,
    `${claims.yearsInBusiness} years of experience`,
  ],
} as const

export const homeStats = {
  heading: 'Trusted Across Greater Sacramento',
  bookLabel: 'Book Appointment Now',
} as const

export const homeGalleryTexts = {
  heading: 'Before & After',
  intro: 'The difference a professional clean makes: driveways, stucco, pavers and decks restored across the Sacramento area.',
  moreLabel: 'See More Gallery',
} as const

export const homeServiceAreas = {
  heading: 'Service Areas',
  intro: `From our base in ${site.address.city} we serve ${serviceAreas.length} communities across Sacramento, Placer, El Dorado and Yolo counties, usually with a same-day response.`,
  initiallyShown: 6,
  showMoreLabel: 'Show More Cities',
  showLessLabel: 'Show Less Cities',
} as const

export const homeContact = {
  heading: 'Contact Us',
  intro: `Call, e-mail or stop by. We answer every day, ${site.hours.label}, and reply to every message within ${claims.replyWithin}.`,
  mapButtonLabel: 'Show map',
  mapNote: 'The interactive map is provided by Google Maps and loads only when you ask for it.',
  openInMapsLabel: 'Open in Google Maps',
} as const

export interface SeoTextSection {
  heading: string
  paragraphs: string[]
}

/** The collapsible text near the quote form: useful reading for visitors, and context for search engines. */
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
