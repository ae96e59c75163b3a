import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileResponse, sitemapXml } from '~/lib/seo/sitemap'

export const Route = createFileRoute('/sitemap.xml')({
  server: { handlers: { GET: () => crawlerFileResponse(sitemapXml(), 'application/xml') } },
})
