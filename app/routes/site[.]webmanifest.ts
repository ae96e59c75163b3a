import { createFileRoute } from '@tanstack/react-router'
import { site } from '~/content/site'
import { webManifestResponse } from '~/platform/http/web-manifest.server'

export const Route = createFileRoute('/site.webmanifest')({
  server: {
    handlers: {
      GET: () =>
        webManifestResponse(
          { name: site.name, short_name: site.shortName, start_url: '/', display: 'browser' },
          'public, max-age=86400',
        ),
    },
  },
})
