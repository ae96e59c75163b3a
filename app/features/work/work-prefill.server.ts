// The category the "Add work to the site" link of a won lead fills in; its town is cityOfZip's. Worked out on the
// server, so the inbox's bundle never carries the cities' ZIP codes (app/content/cities.ts is large).
import { findRedirect } from '../../content/redirects'
import { DEFAULT_SERVICE_TAB, type GalleryCategory, type ServiceId } from '../../content/types'
import { categoryOfService } from './posted-work'

/** The category of the service the lead's page was about: `/services?tab=…`, or an old address leading to one. */
export function categoryOfLeadPage(sourcePage: string | null): GalleryCategory | null {
  if (!URL.canParse(sourcePage ?? '', 'http://site.invalid')) return null
  const url = new URL(sourcePage ?? '', 'http://site.invalid')
  const target = findRedirect(url.pathname)
  const tab =
    url.pathname === '/services'
      ? (url.searchParams.get('tab') ?? DEFAULT_SERVICE_TAB)
      : target?.to === '/services' && target.search.tab
  // Own keys only: a tab of "constructor" names no service.
  return tab && Object.hasOwn(categoryOfService, tab) ? (categoryOfService[tab as ServiceId] ?? null) : null
}
