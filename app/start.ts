import { createMiddleware, createStart } from '@tanstack/react-start'
import { isSameOriginRequest } from '~/server/http/origin.server'
import { isWellFormedServerFnBody, MAX_SERVER_FN_BODY_BYTES } from '~/server/http/server-fn-body.server'
import { log } from '~/server/log/logger.server'
import { getBackend } from '~/server/backend/backend.server'
import { formTokens, formTokensLoaded } from '~/server/leads/tokens.server'

function jsonError(status: number, error: string): Response {
  return new Response(JSON.stringify({ success: false, error }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

// Start throws for an id its manifest lacks, and logs that as a 500 with its stack: anyone could fill the log.
const UNKNOWN_SERVER_FN = /^Server function info not found for /

/** First, so it sees every later step's error: an unknown id is a 404 and one info line (decision 052). */
const unknownServerFnMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  try {
    return await next()
  } catch (error) {
    if (!(error instanceof Error && UNKNOWN_SERVER_FN.test(error.message))) throw error
    log('http').info({ path: new URL(request.url).pathname.slice(0, 120) }, '404 unknown server function')
    return jsonError(404, 'Not found')
  }
})

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
  if (!formTokensLoaded()) await formTokens(getBackend()).catch(() => undefined)
  return next()
})

export const startInstance = createStart(() => ({
  requestMiddleware: [
    unknownServerFnMiddleware,
    sameOriginMiddleware,
    bodySizeMiddleware,
    wellFormedBodyMiddleware,
    formTokenKeyMiddleware,
  ],
}))
