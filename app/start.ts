import { createMiddleware, createStart } from '@tanstack/react-start'
import { isSameOriginRequest } from '~/server/http/origin.server'
import { isWellFormedServerFnBody, MAX_SERVER_FN_BODY_BYTES } from '~/server/http/server-fn-body.server'
import { log } from '~/server/log/logger.server'
import { formTokens, formTokensLoaded } from '~/server/quote/tokens.server'

function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ success: false, error }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

// Replaces Start's CSRF guard: ours knows the public origin behind a proxy.
const sameOriginMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
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

const wellFormedBodyMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn' || request.method !== 'POST') return next()
  if (await isWellFormedServerFnBody(request)) return next()
  if (request.signal.aborted) throw request.signal.reason // a hang-up, logged as one by the server entry
  log('http').warn({ path: new URL(request.url).pathname.slice(0, 120) }, '400 malformed server-function body')
  return jsonError(400, 'Bad request')
})

/** Rendering the quote form's signed token cannot wait for the key. */
const formTokenKeyMiddleware = createMiddleware().server(async ({ next, handlerType }) => {
  if (handlerType !== 'router') return next()
  if (!formTokensLoaded()) await formTokens().catch(() => undefined)
  return next()
})

export const startInstance = createStart(() => ({
  requestMiddleware: [sameOriginMiddleware, bodySizeMiddleware, wellFormedBodyMiddleware, formTokenKeyMiddleware],
}))
