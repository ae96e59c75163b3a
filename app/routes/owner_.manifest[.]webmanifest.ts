import { createFileRoute } from '@tanstack/react-router'
import { site } from '~/content/site'
import { webManifestResponse } from '~/platform/http/web-manifest.server'

export const Route = createFileRoute('/owner_/manifest.webmanifest')({
  server: {
    handlers: {
      GET: () =>
        webManifestResponse(
          {
            name: `${site.shortName} leads`,
            short_name: 'Leads',
            id: '/owner',
            start_url: '/owner',
            scope: '/owner',
            display: 'standalone',
          },
          'private, no-cache',
        ),
    },
  },
})
