import { createFileRoute } from '@tanstack/react-router'
import { crawlerFileResponse, robotsTxt } from '~/lib/sitemap'

export const Route = createFileRoute('/robots.txt')({
  server: { handlers: { GET: () => crawlerFileResponse(robotsTxt(), 'text/plain') } },
})
