import { claims } from './site'

/** Facts every city page shows beside the city's own (docs/product.md#pages-and-routes: Same Day, 5.0 Stars). */
export const cityPageFacts = {
  responseTime: 'Same Day',
  rating: `${claims.rating} Stars`,
} as const
