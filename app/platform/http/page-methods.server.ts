import type { AnyRouter } from '@tanstack/react-router'

export type MethodsAllowed = (pathname: string) => readonly string[]

export function methodsAllowedByRoutes(router: AnyRouter): MethodsAllowed {
  return (pathname) => {
    const [, , found] = router.getMatchedRoutes(pathname)
    const handlers: unknown = found?.options.server?.handlers
    // Handlers built by a function are only known per request.
    if (typeof handlers === 'function') return ['*']
    const own = handlers && typeof handlers === 'object' ? Object.keys(handlers) : []
    return [...new Set(['GET', 'HEAD', ...own.map((method) => method.toUpperCase())])]
  }
}

/** Refused before the body is read: a page renders for any method. */
export function methodNotAllowed(request: Request, methodsAllowed: MethodsAllowed): Response | null {
  const { pathname } = new URL(request.url)
  if (request.method === 'GET' || request.method === 'HEAD' || pathname.startsWith('/_serverFn/')) return null
  const allowed = methodsAllowed(pathname)
  if (allowed.includes('*') || allowed.includes(request.method)) return null
  return new Response('Method not allowed\n', {
    status: 405,
    headers: { Allow: allowed.join(', '), 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
