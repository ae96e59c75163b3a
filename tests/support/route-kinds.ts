// One URL per route kind (app/content/site-pages.ts), the 404 page included; benches and layout tests visit them.
import { sitePages, type SitePage } from '../../app/content/site-pages'

/** Where one page of a kind is not simply its first: a tab with a photo and a video, a city with every section. */
const samplePaths: Partial<Record<SitePage['kind'], string>> = { services: '/services?tab=roof', city: '/city/folsom' }

const kinds = [...new Set(sitePages.map((page) => page.kind))]

export const routeKinds: { kind: SitePage['kind'] | '404'; path: string }[] = [
  ...kinds.map((kind) => ({ kind, path: samplePaths[kind] ?? sitePages.find((page) => page.kind === kind)!.path })),
  { kind: '404', path: '/this-page-does-not-exist' },
]
