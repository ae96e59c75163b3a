import type { AnyRouter } from '@tanstack/react-router'
import * as v from 'valibot'

export type DeclaredSearch = (pathname: string, search: string) => string

/** So `/?gclid=…` is the page of `/` and cannot force a render of its own. */
export function pageUrl(url: URL, declaredSearch: DeclaredSearch): URL {
  if (!url.search) return url
  const page = new URL(url)
  page.search = declaredSearch(url.pathname, url.search)
  return page
}

type ObjectSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>

function isObjectSchema(schema: unknown): schema is ObjectSchema {
  return (schema as { type?: unknown } | undefined)?.type === 'object'
}

/** Throws at start unless every route declares its search with `v.object`. */
export function declaredSearchOf(router: AnyRouter): DeclaredSearch {
  for (const route of Object.values(router.routesById as Record<string, { id: string; options: object }>)) {
    const schema: unknown = (route.options as { validateSearch?: unknown }).validateSearch
    if (schema !== undefined && !isObjectSchema(schema)) {
      throw new Error(`route ${route.id}: declare its search with a valibot v.object (page-url.server.ts)`)
    }
  }
  return (pathname, search) => {
    const [routes] = router.getMatchedRoutes(pathname)
    const raw: unknown = router.options.parseSearch(search)
    const kept: Record<string, unknown> = {}
    for (const route of routes) {
      const schema = route.options.validateSearch as ObjectSchema | undefined
      if (!schema) continue
      const parsed = v.safeParse(schema, raw)
      if (parsed.success) Object.assign(kept, parsed.output)
    }
    for (const [name, value] of Object.entries(kept)) if (value === undefined) delete kept[name]
    return router.options.stringifySearch(kept)
  }
}
