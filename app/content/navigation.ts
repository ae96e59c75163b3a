import type { ServiceId } from './types'

export const homeSectionLinks = [
  { label: 'About', sectionId: 'about' },
  { label: 'Gallery', sectionId: 'gallery' },
] as const

export const footerServices: { label: string; tab: ServiceId }[] = [
  { label: 'House Washing', tab: 'full-house' },
  { label: 'Driveway Cleaning', tab: 'driveway' },
  { label: 'Concrete Sealing', tab: 'concrete-sealing' },
  { label: 'Commercial Cleaning', tab: 'commercial' },
  { label: 'Roof Cleaning', tab: 'roof' },
  { label: 'Gutter Cleaning', tab: 'gutter' },
]

export const privacyLink = {
  anchor: 'privacy',
  label: 'Privacy Notice',
} as const
