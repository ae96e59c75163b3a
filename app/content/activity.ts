// The sample items are made up: docs/decisions/011-social-proof-default.md.

export const activityServices = [
  'House Washing',
  'Driveway Cleaning',
  'Concrete Sealing',
  'Roof Cleaning',
  'Commercial Cleaning',
  'Gutter Cleaning',
] as const
export type ActivityService = (typeof activityServices)[number]

export interface BookingActivity {
  type: 'booking'
  name: string
  service: string
  location: string
  daysAgo: number
}

export interface ReviewActivity {
  type: 'review'
  name: string
  rating: number
  daysAgo?: number
}

export type ActivityItem = BookingActivity | ReviewActivity

const booking = (name: string, service: ActivityService, location: string, daysAgo: number): BookingActivity => ({
  type: 'booking',
  name,
  service,
  location,
  daysAgo,
})
const review = (name: string, daysAgo: number): ReviewActivity => ({ type: 'review', name, rating: 5, daysAgo })

export const sampleActivity: ActivityItem[] = [
  booking('Sarah M.', 'House Washing', 'Folsom', 2),
  review('Mike T.', 1),
  booking('Jennifer L.', 'Driveway Cleaning', 'Roseville', 3),
  review('David R.', 2),
  booking('Lisa K.', 'Concrete Sealing', 'Granite Bay', 1),
  review('Robert P.', 4),
  booking('Amanda C.', 'Roof Cleaning', 'El Dorado Hills', 5),
  review('Chris W.', 3),
  booking('Michelle H.', 'Commercial Cleaning', 'Rancho Cordova', 2),
  review('Kevin B.', 6),
  booking('Emily S.', 'Gutter Cleaning', 'Citrus Heights', 4),
  review('Daniel F.', 1),
  booking('Rachel G.', 'House Washing', 'Fair Oaks', 7),
  review('Brian N.', 5),
  booking('Stephanie V.', 'Driveway Cleaning', 'Rocklin', 3),
  review('Jason D.', 2),
  booking('Nicole A.', 'Concrete Sealing', 'Carmichael', 6),
  review('Ryan O.', 4),
  booking('Megan J.', 'Roof Cleaning', 'Orangevale', 1),
  review('Tyler E.', 3),
]

import { buildEnv } from './build-env'

export type SocialProofSource = 'sample' | 'reviews' | 'off'

const sourceSetting = buildEnv.PUBLIC_SOCIAL_PROOF_SOURCE?.trim().toLowerCase()

export const socialProofSource: SocialProofSource =
  sourceSetting === 'reviews' || sourceSetting === 'off' ? sourceSetting : 'sample'

// docs/product.md#business-constants
export const SOCIAL_PROOF_TIMING = { firstMs: 30_000, intervalMs: 45_000, visibleMs: 4_000 } as const

export function activityAge(daysAgo: number): string {
  if (daysAgo <= 0) return 'today'
  return daysAgo === 1 ? '1 day ago' : `${daysAgo} days ago`
}

export interface ActivityToast {
  title: string
  text: string
  age: string
}

export function activityToast(item: ActivityItem): ActivityToast {
  const age = item.daysAgo === undefined ? '' : activityAge(item.daysAgo)
  return item.type === 'booking'
    ? { title: 'New Booking!', text: `${item.name} booked ${item.service} in ${item.location}`, age }
    : { title: 'New Review!', text: `${item.name} left a ${item.rating}-star review`, age }
}
