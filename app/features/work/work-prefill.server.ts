// The category the "Add work to the site" link of a won lead fills in; its town is cityOfZip's. Worked out on the
// server, so the inbox's bundle never carries the cities' ZIP codes (app/content/cities.ts is large).
import { findRedirect } from '../../content/redirects'
import { DEFAULT_SERVICE_TAB, galleryCategories, type GalleryCategory } from '../../content/types'
import { serviceOfCategory } from './posted-work-places'

/** The category of the service the lead's page was about: `/services?tab=…`, or an old address leading to one. */
export function categoryOfLeadPage(sourcePage: string | null): GalleryCategory | null {
  if (!URL.canParse(sourcePage ?? '', 'http://site.invalid')) return null
  const url = new URL(sourcePage ?? '', 'http://site.invalid')
  const target = findRedirect(url.pathname)
  const tab =
    url.pathname === '/services'
      ? (url.searchParams.get('tab') ?? DEFAULT_SERVICE_TAB)
      : target?.to === '/services' && target.search.tab
  // The first category its tab shows: a driveway's job is Driveway Cleaning rather than Sidewalk Cleaning.
  return (tab && galleryCategories.find((category) => serviceOfCategory[category] === tab)) || null
}
