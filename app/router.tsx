import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { routeTree } from './routeTree.gen'
import { NotFoundPage } from './components/layout/not-found-page'
import { ErrorPage } from './components/layout/error-page'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // On the server a QueryClient lives for one request: drop its cache quickly to keep memory flat under load.
        gcTime: typeof window === 'undefined' ? 5_000 : 5 * 60_000,
        staleTime: 60_000,
      },
    },
  })

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
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
