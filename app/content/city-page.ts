import { claims } from './site'

export const cityPageFacts = {
  responseTime: 'Same Day',
  rating: `${claims.rating} Stars`,
} as const
