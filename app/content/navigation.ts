import type { ServiceId } from './types'

/** Header links that scroll to a section of the home page. */
export const homeSectionLinks = [
  { label: 'About', sectionId: 'about' },
  { label: 'Gallery', sectionId: 'gallery' },
] as const

/** The footer's service list (docs/product.md#home-page), each linking to its services tab. */
export const footerServices: { label: string; tab: ServiceId }[] = [
  { label: 'House Washing', tab: 'full-house' },
  { label: 'Driveway Cleaning', tab: 'driveway' },
  { label: 'Concrete Sealing', tab: 'concrete-sealing' },
  { label: 'Commercial Cleaning', tab: 'commercial' },
  { label: 'Roof Cleaning', tab: 'roof' },
  { label: 'Gutter Cleaning', tab: 'gutter' },
]

/** The privacy notice's place (app/content/privacy.ts), linked from the footer and beside every quote form. */
export const privacyLink = {
  anchor: 'privacy',
  label: 'Privacy Notice',
} as const
