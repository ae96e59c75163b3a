import { createFileRoute } from '@tanstack/react-router'

/**
 * The framework's floor for `npm run bench:ssr`: the smallest page this build can server-render
 * (document shell, no header, footer or content). Not linked, not in the sitemap, not indexed.
 */
export const Route = createFileRoute('/benchmark-floor')({
  staticData: { bare: true },
  head: () => ({ meta: [{ title: 'Benchmark floor' }, { name: 'robots', content: 'noindex' }] }),
  component: () => <p>ok</p>,
})
