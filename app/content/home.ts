// First-screen texts only: the rest load later, from home-sections.ts and home-seo-text.ts.
import { claims, site } from './site'

export const homeHero = {
  eyebrow: `${claims.rating} star rated · ${claims.licensed.toLowerCase()}`,
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

export const homeLeadSection = {
  heading: 'Free Estimates, Same-Day Response',
  intro: `Tell us a little about your property and we will get back to you within ${claims.replyWithin} with a free, no-obligation quote.`,
  points: [claims.freeEstimates, claims.sameDayResponse, claims.licensed, claims.guarantee],
  hours: `Open every day, ${site.hours.label}`,
} as const
