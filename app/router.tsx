import { QueryClient } from '@tanstack/react-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { routeTree } from './routeTree.gen'
import { NotFoundPage } from './components/layout/not-found-page'
import { ErrorPage } from './components/layout/error-page'
import { newNonce } from './lib/nonce'
import { scrollRestorationAfterHydration } from './lib/scroll'

/** script-hashes.server.ts turns the marked scripts into hashes. */
const ssrOptions = createIsomorphicFn().server(() => ({ nonce: newNonce() }))

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A server QueryClient lives for one request.
        gcTime: typeof window === 'undefined' ? 5_000 : 5 * 60_000,
        staleTime: 60_000,
      },
    },
  })

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: scrollRestorationAfterHydration(),
    ssr: ssrOptions(),
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
