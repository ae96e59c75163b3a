import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'

/** Server-function bodies larger than this are refused before they are read. */
export const MAX_SERVER_FN_BODY_BYTES = 16 * 1024

// A custom start.ts replaces Start's defaults, so the CSRF guard for server functions is added here.
const csrfMiddleware = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn',
})

/** POSTs to server functions must declare a small body: 411 without Content-Length, 413 above the cap. */
const bodySizeMiddleware = createMiddleware().server(({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn' || request.method !== 'POST') return next()
  const declared = request.headers.get('content-length')
  if (declared === null) {
    return new Response(JSON.stringify({ success: false, error: 'Content-Length required' }), {
      status: 411,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  if (!/^\d+$/.test(declared) || Number(declared) > MAX_SERVER_FN_BODY_BYTES) {
    return new Response(JSON.stringify({ success: false, error: 'Request too large' }), {
      status: 413,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return next()
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrfMiddleware, bodySizeMiddleware],
}))
