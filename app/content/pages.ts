import type { PageSeo } from './types'
import { claims, site } from './site'

/** The home page's own crumb after "Home" in its breadcrumb structured data. */
export const homeBreadcrumbName = 'Pressure Washing in Greater Sacramento'

export const pageSeo = {
  home: {
    title: `Pressure Washing Sacramento | ${site.name}`,
    description:
      'Top rated pressure washing in Sacramento: house washing, driveway and patio cleaning, roof and gutter cleaning, concrete sealing. Licensed, bonded, insured. Free quotes.',
    keywords: [
      'pressure washing Sacramento',
      'power washing Sacramento',
      'house washing',
      'driveway cleaning',
      'concrete sealing',
      'roof cleaning',
    ],
  },
  services: {
    title: `Pressure Washing Services in Sacramento | ${site.name}`,
    description:
      'Concrete sealing, house washing, driveway, patio, commercial, deck and fence, roof and gutter cleaning across Greater Sacramento. Free estimates, same-day response.',
    keywords: ['pressure washing services', 'exterior cleaning Sacramento', 'soft washing'],
  },
  gallery: {
    title: `Before & After Gallery | ${site.name}`,
    description:
      'Before-and-after photos of driveways, pavers, patios, decks, walkways and homes cleaned across Greater Sacramento. See the difference professional washing makes.',
    keywords: ['pressure washing before and after', 'driveway cleaning photos', 'Sacramento'],
  },
  reviews: {
    title: `Customer Reviews | ${site.name}`,
    description: `Read what Sacramento homeowners and businesses say about our pressure washing, house washing and concrete sealing. Rated ${claims.rating} stars by our customers.`,
    keywords: ['pressure washing reviews Sacramento', 'customer reviews'],
  },
  contact: {
    title: `Contact Us & Free Quote | ${site.name}`,
    description: `Call ${site.phone} or request a free pressure washing quote online. Open every day 7:00 AM – 7:00 PM, serving 16 communities around Sacramento, CA.`,
    keywords: ['pressure washing quote', 'contact pressure washing Sacramento'],
  },
  notFound: {
    title: `Page Not Found | ${site.name}`,
    description:
      'The page you were looking for does not exist. Return to the home page to find our pressure washing services in Sacramento.',
    keywords: [],
  },
} satisfies Record<string, PageSeo>

export const reviewsRatingSummary = (average: string, count: number) =>
  `${average} average from ${count} ${count === 1 ? 'review' : 'reviews'}`
