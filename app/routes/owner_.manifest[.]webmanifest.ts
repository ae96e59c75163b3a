import { createFileRoute } from '@tanstack/react-router'
import { site } from '~/content/site'

export const Route = createFileRoute('/owner_/manifest.webmanifest')({
  server: {
    handlers: {
      GET: () =>
        Response.json(
          {
            name: `${site.shortName} leads`,
            short_name: 'Leads',
            id: '/owner',
            start_url: '/owner',
            scope: '/owner',
            display: 'standalone',
            background_color: '#ffffff',
            theme_color: '#0369a1',
            icons: [
              { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            ],
          },
          { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'private, no-cache' } },
        ),
    },
  },
})
