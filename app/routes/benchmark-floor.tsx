import { createFileRoute } from '@tanstack/react-router'

/** The smallest page this build can server-render, the floor for `npm run bench:ssr`; not linked or indexed. */
export const Route = createFileRoute('/benchmark-floor')({
  staticData: { bare: true },
  head: () => ({ meta: [{ title: 'Benchmark floor' }, { name: 'robots', content: 'noindex' }] }),
  component: () => <p>ok</p>,
})
