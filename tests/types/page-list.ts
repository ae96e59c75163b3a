// Checked by `tsc` (npm test), never run: a route added without a place in app/content/site-pages.ts, or a
// listed route that no longer exists, stops type-checking.
import type { FileRoutesByPath } from '@tanstack/react-router'
import type { sitePages, unlistedRoutes } from '~/content/site-pages'

type Listed = (typeof sitePages)[number]['route'] | keyof typeof unlistedRoutes
type Unplaced = Exclude<keyof FileRoutesByPath, Listed>
type Gone = Exclude<Listed, keyof FileRoutesByPath>

export const everyRouteIsPlaced: [Unplaced] extends [never] ? true : Unplaced = true
export const everyPlacedRouteExists: [Gone] extends [never] ? true : Gone = true
