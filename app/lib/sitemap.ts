import { serviceAreas } from '~/content/service-areas'
import { absoluteUrl } from './seo'

export interface SitemapEntry {
  path: string
  priority: string
}

/** docs/product.md#business-constants */
export function sitemapEntries(): SitemapEntry[] {
  return [
    { path: '/', priority: '1.0' },
    { path: '/services', priority: '0.9' },
    { path: '/contact', priority: '0.9' },
    { path: '/gallery', priority: '0.8' },
    { path: '/reviews', priority: '0.8' },
    { path: '/epoxy', priority: '0.7' },
    ...serviceAreas.map((area) => ({ path: `/city/${area.slug}`, priority: '0.7' })),
    ...serviceAreas.map((area) => ({ path: `/${area.slug}-pressure-washing`, priority: '0.6' })),
  ]
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function sitemapXml(): string {
  const urls = sitemapEntries()
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(entry.path))}</loc>\n    <priority>${entry.priority}</priority>\n  </url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /_serverFn/\nDisallow: /benchmark-floor\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`
}
