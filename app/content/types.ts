import type { CitySlug } from './service-areas'
export type { ServiceArea } from './service-areas'

export const serviceIds = [
  'concrete-sealing',
  'full-house',
  'driveway',
  'patio',
  'commercial',
  'deck-fence',
  'roof',
  'gutter',
] as const
export type ServiceId = (typeof serviceIds)[number]

export const DEFAULT_SERVICE_TAB: ServiceId = 'concrete-sealing'

export const galleryCategories = [
  'Paver Cleaning',
  'Driveway Cleaning',
  'Patio Cleaning',
  'House Washing',
  'Walkway Cleaning',
  'Deck Cleaning',
  'Commercial Cleaning',
  'Sidewalk Cleaning',
] as const
export type GalleryCategory = (typeof galleryCategories)[number]

/** The file stem of a source under images/, e.g. "gallery/driveway-01". */
export type ImageName = string

export interface ProcessStep {
  title: string
  description: string
}

export interface Service {
  id: ServiceId
  title: string
  shortTitle: string
  image: ImageName
  description: string
  features: string[]
  process: ProcessStep[]
  benefits: string[]
  seo: PageSeo
}

export interface EpoxyService {
  title: string
  description: string
  installTime: string
  benefits: { title: string; description: string }[]
  cards: { title: string; description: string; features: string[] }[]
  process: ProcessStep[]
  seo: PageSeo
}

export interface City {
  slug: CitySlug
  name: string
  title: string
  description: string
  population: string
  county: string
  zipCodes: string[]
  landmarks: string[]
  neighborhoods: string[]
  homeTypes: string[]
  commonServices: { serviceId: ServiceId; note: string }[]
  localConditions: string[]
  reasons: string[]
  seo: PageSeo
}

export interface GalleryImage {
  src: ImageName
  alt: string
  category: GalleryCategory
  /** The service page that shows it (3 per service). */
  serviceId?: ServiceId
}

export interface PageSeo {
  title: string
  description: string
  keywords: string[]
}
