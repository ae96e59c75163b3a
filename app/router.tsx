import { createIsomorphicFn } from '@tanstack/react-start'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { NotFoundPage } from './components/layout/not-found-page'
import { ErrorPage } from './components/layout/error-page'
import { newNonce } from './lib/page/nonce'
import { renderWholePageAfterNavigating, scrollRestorationAfterHydration } from './lib/page/scroll'

/** script-hashes.server.ts turns the marked scripts into hashes. */
const ssrOptions = createIsomorphicFn().server(() => ({ nonce: newNonce() }))

export function getRouter() {
  const router = createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: scrollRestorationAfterHydration(),
    ssr: ssrOptions(),
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  })
  router.subscribe('onBeforeNavigate', renderWholePageAfterNavigating)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
