import { createMiddleware, createStart } from '@tanstack/react-start'

/** Refused before they are read. */
export const MAX_SERVER_FN_BODY_BYTES = 16 * 1024

function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ success: false, error }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

// Replaces Start's default CSRF guard: ours also knows the public origin behind a TLS proxy.
const sameOriginMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const { isSameOriginRequest } = await import('~/server/http/origin.server')
  return isSameOriginRequest(request) ? next() : jsonError(403, 'Forbidden')
})

const bodySizeMiddleware = createMiddleware().server(({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn' || request.method !== 'POST') return next()
  const declared = request.headers.get('content-length')
  if (declared === null) {
    return jsonError(411, 'Content-Length required')
  }
  if (!/^\d+$/.test(declared) || Number(declared) > MAX_SERVER_FN_BODY_BYTES) {
    return jsonError(413, 'Request too large')
  }
  return next()
})

/** An undecodable body is the sender's mistake: 400, not a 500 with a stack trace. */
const wellFormedBodyMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn' || request.method !== 'POST') return next()
  const { isWellFormedServerFnBody } = await import('~/server/http/server-fn-body.server')
  if (await isWellFormedServerFnBody(request)) return next()
  const { log } = await import('~/server/log/logger.server')
  log('http').warn({ path: new URL(request.url).pathname.slice(0, 120) }, '400 malformed server-function body')
  return jsonError(400, 'Bad request')
})

/** The quote form is rendered with a signed token, and rendering cannot wait for the key. */
const formTokenKeyMiddleware = createMiddleware().server(async ({ next, handlerType }) => {
  if (handlerType !== 'router') return next()
  const { formTokens, formTokensLoaded } = await import('~/server/quote/form-token.server')
  if (!formTokensLoaded()) await formTokens().catch(() => undefined)
  return next()
})

export const startInstance = createStart(() => ({
  requestMiddleware: [sameOriginMiddleware, bodySizeMiddleware, wellFormedBodyMiddleware, formTokenKeyMiddleware],
}))
