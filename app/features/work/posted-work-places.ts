// What the public pages need of posted work (docs/decisions/049-posted-work.md), re-exported by posted-work.ts.
import type { GalleryCategory, ServiceId } from '~/content/types'

/** Where the encoded variants are served, as `<image_hash>-<width>.<avif|webp>`: immutable like /img/. */
export const POSTED_WORK_BASE_URL = '/work-photos/'

/** "Recent work in {City}" shows at most this many. */
export const CITY_RECENT_WORK = 6

/** The service tab that shows a category's photos (3 per service). */
export const serviceOfCategory: Record<GalleryCategory, ServiceId> = {
  'Paver Cleaning': 'concrete-sealing',
  'Driveway Cleaning': 'driveway',
  'Patio Cleaning': 'patio',
  'House Washing': 'full-house',
  'Walkway Cleaning': 'patio',
  'Deck Cleaning': 'deck-fence',
  'Commercial Cleaning': 'commercial',
  'Sidewalk Cleaning': 'driveway',
}

export { postedWorkFile } from '~/lib/variant-file'
