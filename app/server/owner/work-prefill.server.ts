// The category the "Add work to the site" link of a won lead fills in; its town is cityOfZip's. Worked out on the
// server, so the inbox's bundle never carries the cities' ZIP codes (app/content/cities.ts is large).
import { findRedirect } from '../../content/redirects'
import { DEFAULT_SERVICE_TAB, serviceIds, type GalleryCategory, type ServiceId } from '../../content/types'
import { categoryOfService } from '../../lib/posted-work/posted-work'

/** The service the lead's page was about: `/services?tab=…`, or an old address that redirects to a tab. */
function serviceOfPage(sourcePage: string | null): ServiceId | null {
  if (!URL.canParse(sourcePage ?? '', 'http://site.invalid')) return null
  const url = new URL(sourcePage ?? '', 'http://site.invalid')
  if (url.pathname === '/services') {
    const tab = url.searchParams.get('tab') ?? DEFAULT_SERVICE_TAB
    return (serviceIds as readonly string[]).includes(tab) ? (tab as ServiceId) : null
  }
  const target = findRedirect(url.pathname)
  return target?.to === '/services' ? target.search.tab : null
}

export function categoryOfLeadPage(sourcePage: string | null): GalleryCategory | null {
  const service = serviceOfPage(sourcePage)
  return (service && categoryOfService[service]) ?? null
}
