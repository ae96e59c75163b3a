import { createFileRoute } from '@tanstack/react-router'
import { site } from '~/content/site'

export const Route = createFileRoute('/site.webmanifest')({
  server: {
    handlers: {
      GET: () =>
        Response.json(
          {
            name: site.name,
            short_name: site.shortName,
            start_url: '/',
            display: 'browser',
            background_color: '#ffffff',
            theme_color: '#0369a1',
            icons: [
              { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            ],
          },
          { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=86400' } },
        ),
    },
  },
})
