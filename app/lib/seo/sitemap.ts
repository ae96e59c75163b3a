import { serviceAreas } from '~/content/service-areas'
import { sitePages } from '~/content/site-pages'
import { absoluteUrl } from './seo'

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function sitemapXml(): string {
  // Legacy city addresses last: they redirect.
  const entries = [
    ...sitePages,
    ...serviceAreas.map((area) => ({ path: `/${area.slug}-pressure-washing`, priority: '0.6' })),
  ]
  const urls = entries
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(entry.path))}</loc>\n    <priority>${entry.priority}</priority>\n  </url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: /_serverFn/\n\nSitemap: ${absoluteUrl('/sitemap.xml')}\n`
}

/** robots.txt and sitemap.xml: public, and they change only with a deploy. */
export function crawlerFileResponse(body: string, contentType: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': `${contentType}; charset=utf-8`, 'Cache-Control': 'public, max-age=3600' },
  })
}
