import { site, fullAddress } from '~/content/site'
import { serviceAreas } from '~/content/service-areas'
import { serviceList } from '~/content/service-list'
import { homeBreadcrumbName } from '~/content/pages'
import { googleMapsSearchUrl } from '../page/google-maps'
import { absoluteUrl, breadcrumbJsonLd } from './seo'

const businessId = `${site.baseUrl}/#business`

/** No stars: Google ignores self-serving ones. */
export function localBusinessJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId,
    name: site.name,
    url: absoluteUrl('/'),
    image: absoluteUrl('/og-image.jpg'),
    logo: absoluteUrl('/logo.svg'),
    telephone: site.phoneHref.replace('tel:', ''),
    email: site.email,
    foundingDate: String(site.foundedYear),
    description:
      'Pressure washing and exterior cleaning for homes and businesses across Greater Sacramento: house washing, driveways, patios, roofs, gutters, decks, concrete sealing and epoxy garage floors.',
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    ...(site.contractorLicense && {
      hasCredential: {
        '@type': 'EducationalOccupationalCredential',
        credentialCategory: 'license',
        name: 'California contractor license',
        identifier: site.contractorLicense,
        recognizedBy: { '@type': 'GovernmentOrganization', name: 'Contractors State License Board' },
      },
    }),
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: site.hours.opens,
        closes: site.hours.closes,
      },
    ],
    areaServed: [
      ...serviceAreas.map((area) => ({ '@type': 'City', name: `${area.name}, CA` })),
      {
        '@type': 'GeoCircle',
        geoMidpoint: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
        geoRadius: site.serviceRadiusMeters,
      },
    ],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Exterior cleaning services',
      itemListElement: serviceList.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service.title, url: absoluteUrl(`/services?tab=${service.id}`) },
      })),
    },
    sameAs: Object.values(site.social),
    hasMap: googleMapsSearchUrl(fullAddress),
  }
}

/** Server only (app/routes/index.tsx): the browser keeps what the first HTML brought. */
export function homeStructuredData(): object[] {
  return [localBusinessJsonLd(), breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: homeBreadcrumbName }])]
}
