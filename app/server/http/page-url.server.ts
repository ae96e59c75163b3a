import type { AnyRouter } from '@tanstack/react-router'

/** Added by ad clicks and campaign links; no page reads them. */
const MARKETING_PARAMETER = /^(utm_.*|gclid|fbclid|msclkid)$/i

/** The search parameters the page at a path reads; null when that is unknown, so all are kept. */
export type SearchParamsRead = (pathname: string) => readonly string[] | null

/**
 * The address a page is rendered and cached under: without marketing parameters, and without any the
 * page does not read, so `/?gclid=…` is the page of `/` and cannot force a render of its own.
 */
export function pageUrl(url: URL, searchParamsRead: SearchParamsRead): URL {
  if (!url.search) return url
  const read = searchParamsRead(url.pathname)
  const kept = new URLSearchParams()
  for (const [name, value] of url.searchParams) {
    if (MARKETING_PARAMETER.test(name)) continue
    if (read && !read.includes(name)) continue
    kept.append(name, value)
  }
  kept.sort() // stable: repeated names keep their order
  const page = new URL(url)
  page.search = kept.toString()
  return page
}

/** What the matched routes' `validateSearch` schemas (valibot objects) declare; null for any other validator. */
export function searchParamsReadByRoutes(router: AnyRouter): SearchParamsRead {
  return (pathname) => {
    const [routes] = router.getMatchedRoutes(pathname)
    const names: string[] = []
    for (const route of routes) {
      const schema: unknown = route.options.validateSearch
      if (schema === undefined) continue
      const entries = (schema as { type?: unknown; entries?: unknown }).entries
      if ((schema as { type?: unknown }).type !== 'object' || typeof entries !== 'object' || !entries) return null
      names.push(...Object.keys(entries))
    }
    return names
  }
}
