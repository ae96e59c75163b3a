import { isNotFound, isRedirect } from '@tanstack/react-router'
import { createMiddleware, createStart } from '@tanstack/react-start'
import { getRequest, getResponseStatus, setResponseStatus } from '@tanstack/react-start/server'
import { FAILED, failed, unknownServerFn } from '~/platform/http/failure.server'
import { refusedServerFn } from '~/platform/http/server-fn-body.server'
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
