import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware, createStart } from '@tanstack/react-start'
import { getRequest, getResponseStatus, setResponseStatus } from '@tanstack/react-start/server'
import {
  FAILED,
  failed,
  jsonError,
  malformedServerFnInput,
  notFromStartsClient,
  unknownServerFn,
} from '~/platform/http/failure.server'
import { isSameOriginRequest } from '~/platform/http/origin.server'
import {
  isWellFormedServerFnBody,
  isWellFormedServerFnQuery,
  MAX_SERVER_FN_BODY_BYTES,
} from '~/platform/http/server-fn-body.server'
import { db } from '~/platform/db/db.server'
import { formTokensLoaded, loadFormTokens } from '~/features/leads/tokens.server'

// Start throws for an id its manifest lacks, and logs that as a 500 with its stack: anyone could fill the log.
const UNKNOWN_SERVER_FN = /^Server function info not found for /

/**
 * A refusal made on purpose set its status before throwing (a 4xx, the assistant's 502), and keeps its message.
 * Anything else is the server's own failure: one error line, and a 500 (503 with the database out of reach)
 * that never shows the failure's text.
 */
const failureMiddleware = createMiddleware({ type: 'function' }).server(async ({ next, serverFnMeta }) => {
  try {
    return await next()
  } catch (error) {
    if (getResponseStatus() >= 400 || isRedirect(error) || isNotFound(error)) throw error
    const request = getRequest()
    const status = failed(request, error, `server function ${serverFnMeta.name} failed`)
    // A page's loader calls functions as it renders: that page's status is the router's, a fallback may stand in.
    if (new URL(request.url).pathname.startsWith('/_serverFn/')) setResponseStatus(status)
    throw new Error(FAILED)
  }
})

/** A browser call Start must not read, answered before it does (decision 052); null lets it through. */
async function refusedServerFn(request: Request): Promise<Response | null> {
  // Replaces Start's CSRF guard: ours knows the public origin behind a proxy.
  if (!isSameOriginRequest(request)) return jsonError(403, 'Forbidden')
  if (request.headers.get('x-tsr-serverfn') !== 'true') return notFromStartsClient(request)
  if (request.method === 'POST') {
    const declared = request.headers.get('content-length')
    if (declared === null) return jsonError(411, 'Content-Length required')
    if (!/^\d+$/.test(declared) || Number(declared) > MAX_SERVER_FN_BODY_BYTES)
      return jsonError(413, 'Request too large')
  }
  if (request.method !== 'GET' && request.method !== 'POST') return null
  // Input Start cannot decode is a 400 and one info line, before Start's parser throws for it.
  if (request.method === 'GET' ? isWellFormedServerFnQuery(request) : await isWellFormedServerFnBody(request))
    return null
  if (request.signal.aborted) throw request.signal.reason // a hang-up, logged as one by the server entry
  return malformedServerFnInput(request)
}

/** Its try sees every later step's error too: an unknown id is a 404 and one info line (decision 052). */
const serverFnMiddleware = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  try {
    return (await refusedServerFn(request)) ?? (await next())
  } catch (error) {
    if (!(error instanceof Error && UNKNOWN_SERVER_FN.test(error.message))) throw error
    return unknownServerFn(request)
  }
})

/** Rendering the quote form's signed token cannot wait for the key. */
const formTokenKeyMiddleware = createMiddleware().server(async ({ next, handlerType }) => {
  if (handlerType !== 'router') return next()
  if (!formTokensLoaded(db)) await loadFormTokens(db).catch(() => undefined)
  return next()
})

export const startInstance = createStart(() => ({
  functionMiddleware: [failureMiddleware],
  requestMiddleware: [serverFnMiddleware, formTokenKeyMiddleware],
}))
