import { claims } from './site'

/** Facts every city page shows beside the city's own (spec section 2: Same Day, 5.0 Stars). */
export const cityPageFacts = {
  responseTime: 'Same Day',
  rating: `${claims.rating} Stars`,
} as const
