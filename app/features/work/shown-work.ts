// Where the site shows work (docs/decisions/049-posted-work.md): the owner's posted jobs first, newest first,
// then sample photos in the places they have not taken, unless GALLERY_SAMPLES is off.
import { gallery, galleryForService, homeGallery } from '~/content/gallery'
import type { CitySlug } from '~/content/service-areas'
import type { GalleryImage, ServiceId } from '~/content/types'
import type { PostedWork, ShownWork } from './posted-work'
import { CITY_RECENT_WORK, serviceOfCategory } from './posted-work-places'

export type WorkPlace =
  { page: 'gallery' } | { page: 'home' } | { page: 'service'; service: ServiceId } | { page: 'city'; city: CitySlug }

export const HOME_WORK = 4
export const SERVICE_WORK = 3
/** The product's gallery: the home page's four and twenty more. Posted jobs beyond it still show. */
export const GALLERY_PLACES = 24

export type ShownItem = { kind: 'sample'; image: GalleryImage } | { kind: 'posted'; work: PostedWork }

const newestFirst = (a: PostedWork, b: PostedWork) => Date.parse(b.createdAt) - Date.parse(a.createdAt)

/** The posted jobs a place shows: all the server sends it, so a page carries no job it does not show. */
export function postedFor(place: WorkPlace, posted: readonly PostedWork[]): PostedWork[] {
  const sorted = [...posted].sort(newestFirst)
  switch (place.page) {
    case 'gallery':
      return sorted
    case 'home':
      return sorted.slice(0, HOME_WORK)
    case 'service':
      return sorted.filter((work) => serviceOfCategory[work.category] === place.service).slice(0, SERVICE_WORK)
    case 'city':
      return sorted.filter((work) => work.citySlug === place.city).slice(0, CITY_RECENT_WORK)
  }
}

// A city page shows its own work only: a sample there would be a photo of somewhere else.
function samplesFor(place: WorkPlace): { samples: readonly GalleryImage[]; places: number } {
  switch (place.page) {
    case 'gallery':
      return { samples: gallery, places: GALLERY_PLACES }
    case 'home':
      return { samples: homeGallery, places: HOME_WORK }
    case 'service':
      return { samples: galleryForService(place.service), places: SERVICE_WORK }
    case 'city':
      return { samples: [], places: 0 }
  }
}

/** What a place shows, in order; fewer than its places when samples are off, none at all possibly. */
export function shownItems(place: WorkPlace, work: ShownWork): ShownItem[] {
  const posted = postedFor(place, work.posted).map((job): ShownItem => ({ kind: 'posted', work: job }))
  if (!work.samples) return posted
  const { samples, places } = samplesFor(place)
  const free = Math.max(0, places - posted.length)
  return [...posted, ...samples.slice(0, free).map((image): ShownItem => ({ kind: 'sample', image }))]
}

export function shownItemKey(item: ShownItem): string {
  return item.kind === 'posted' ? item.work.id : item.image.src
}
