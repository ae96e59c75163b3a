import type { ServiceId } from './types'
import { serviceAreas } from './service-areas'
import { privacyLink } from './navigation'

export type RedirectTarget =
  | { to: '/' }
  | { to: '/reviews' }
  | { to: '/contact'; hash?: string }
  | { to: '/epoxy' }
  | { to: '/services'; search: { tab: ServiceId } }
  | { to: '/city/$citySlug'; params: { citySlug: string } }

export interface Redirect {
  from: string
  target: RedirectTarget
}

const service = (tab: ServiceId): RedirectTarget => ({ to: '/services', search: { tab } })
const city = (citySlug: string): RedirectTarget => ({ to: '/city/$citySlug', params: { citySlug } })

/** docs/product.md#redirects */
export const redirects: Redirect[] = [
  { from: '/about-us', target: { to: '/' } },
  { from: '/roof-pressure-washing', target: service('roof') },
  { from: '/roof-pressure-washing-sacramento', target: service('roof') },
  { from: '/house-washing', target: service('full-house') },
  { from: '/concrete-and-paver-sealing', target: service('concrete-sealing') },
  { from: '/driveway-pressure-washing', target: service('driveway') },
  { from: '/patio-pressure-washing', target: service('patio') },
  { from: '/commercial-pressure-washing-company-sacramento', target: service('commercial') },
  { from: '/blog', target: { to: '/reviews' } },
  { from: '/privacy', target: { to: '/contact', hash: privacyLink.anchor } },
  { from: '/epoxy-garage-flooring-elk-grove', target: { to: '/epoxy' } },
  { from: '/pressure-washing-company-carmichael', target: city('carmichael') },
  ...serviceAreas.map((area) => ({ from: `/${area.slug}-pressure-washing`, target: city(area.slug) })),
]

const redirectByPath = new Map(redirects.map((r) => [r.from, r.target]))

/** Case-insensitive and without a trailing slash: old links in the wild vary. */
export function findRedirect(pathname: string): RedirectTarget | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return redirectByPath.get(normalized.toLowerCase())
}

export function targetHref(target: RedirectTarget): string {
  switch (target.to) {
    case '/services':
      return `/services?tab=${target.search.tab}`
    case '/city/$citySlug':
      return `/city/${target.params.citySlug}`
    case '/contact':
      return target.hash ? `/contact#${target.hash}` : '/contact'
    default:
      return target.to
  }
}
