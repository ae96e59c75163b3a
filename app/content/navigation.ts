import type { ServiceId } from './types'

/** The header's links: one with a `sectionId` scrolls to that section of the home page. */
export const mainNav: { label: string; to: '/' | '/services' | '/reviews'; sectionId?: string }[] = [
  { label: 'About', to: '/', sectionId: 'about' },
  { label: 'Services', to: '/services' },
  { label: 'Gallery', to: '/', sectionId: 'gallery' },
  { label: 'Reviews', to: '/reviews' },
]

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
