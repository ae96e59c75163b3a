// Loads with its sections' code, out of the first load.
import { claims, site } from './site'
import { serviceAreas } from './service-areas'

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
  intro:
    'The difference a professional clean makes: driveways, stucco, pavers and decks restored across the Sacramento area.',
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
