import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileResponse, robotsTxt } from '~/lib/seo/sitemap'

export const Route = createFileRoute('/robots.txt')({
  server: { handlers: { GET: () => crawlerFileResponse(robotsTxt(), 'text/plain') } },
})
