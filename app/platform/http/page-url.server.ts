import type { AnyRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { sameSitePath } from './same-site.server'

export type DeclaredSearch = (pathname: string, search: string) => { search: string; refused: string[] }

export interface PageAddress {
  page: URL
  redirect?: string
}

/** So `/?gclid=…` is the page of `/` and cannot force a render of its own. */
export function pageAddress(url: URL, declaredSearch: DeclaredSearch): PageAddress {
  if (!url.search) return { page: url }
  const { search, refused } = declaredSearch(url.pathname, url.search)
  const page = new URL(url)
  page.search = search
  if (refused.length === 0) return { page }
  const rest = new URLSearchParams(url.search)
  for (const name of refused) rest.delete(name)
  return { page, redirect: `${sameSitePath(url.pathname)}${rest.size ? `?${rest}` : ''}` }
}

type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>

/** Throws at start unless every route declares its search with `v.object`. */
export function declaredSearchOf(router: AnyRouter): DeclaredSearch {
  const declaredNames = new Set<string>()
  for (const route of Object.values(router.routesById as Record<string, { id: string; options: object }>)) {
    const schema = (route.options as { validateSearch?: ObjectSchema }).validateSearch
    if (schema === undefined) continue
    if (schema.type !== 'object') {
      throw new Error(`route ${route.id}: declare its search with a valibot v.object (page-url.server.ts)`)
    }
    for (const name of Object.keys(schema.entries)) declaredNames.add(name)
  }
  return (pathname, search) => {
    // Ad clicks name nothing a route reads: no parsing.
    if (![...new URLSearchParams(search).keys()].some((name) => declaredNames.has(name)))
      return { search: '', refused: [] }
    const [routes] = router.getMatchedRoutes(pathname)
    const raw = router.options.parseSearch(search) as Record<string, unknown>
    const kept: Record<string, unknown> = {}
    const refused: string[] = []
    for (const route of routes) {
      const schema = route.options.validateSearch as ObjectSchema | undefined
      if (!schema) continue
      const parsed = v.safeParse(schema, raw)
      const accepted: Record<string, unknown> = parsed.success ? parsed.output : {}
      Object.assign(kept, accepted)
      for (const name of Object.keys(schema.entries))
        if (name in raw && accepted[name] === undefined) refused.push(name)
    }
    for (const [name, value] of Object.entries(kept)) if (value === undefined) delete kept[name]
    return { search: router.options.stringifySearch(kept), refused }
  }
}
