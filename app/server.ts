import { createServerEntry } from '@tanstack/react-start/server-entry'
import { createStartHandler } from '@tanstack/react-start/server'
import { findRedirect, targetHref } from './content/redirects'
import { getRouter } from './router'
import { dataDirOf, runtimeConfig } from './platform/config.server'
import { db } from './platform/db/db.server'
import { files } from './platform/files/file-store.server'
import { failed, unknownServerFn } from './platform/http/failure.server'
import { healthResponse } from './platform/http/health.server'
import { htmlCacheFor, type PageRenderers } from './platform/http/html-cache.server'
import { finalizeResponse, missingHashedAsset } from './platform/http/http.server'
import { methodNotAllowed, methodsAllowedByRoutes } from './platform/http/page-methods.server'
import { COMPLETE_RENDER_AGENT, pageRenderHandler } from './platform/http/page-render.server'
import { withPageOnlyCss } from './platform/http/page-css.server'
import { declaredSearchOf, pageAddress } from './platform/http/page-url.server'
import { sameSitePath } from './platform/http/same-site.server'
import { privateIfNonce, withScriptHashes } from './platform/http/script-hashes.server'
import { exitCleanlyOnSignals, tracked } from './platform/http/shutdown.server'
import { waitForTurn } from './platform/http/turn-queue.server'
import { log, requestIdFor, withRequestId } from './platform/log/logger.server'
import { createOutboxWorker } from './platform/outbox/worker.server'
import { serveOwnerSocket } from './features/owner/owner-commands.server'
import { warnAboutPlaceholders } from './platform/start/placeholder-facts.server'
import wholeStylesheet from 'virtual:whole-stylesheet'

runtimeConfig() // fails fast on a bad variable
warnAboutPlaceholders()
const declaredSearch = declaredSearchOf(getRouter())
const methodsAllowed = methodsAllowedByRoutes(getRouter())
const htmlCache = htmlCacheFor(runtimeConfig().htmlCacheSeconds, (url) => pageAddress(url, declaredSearch))
exitCleanlyOnSignals()
serveOwnerSocket()
// Each feature's outbox templates and jobs, found by their file names: a new feature adds none here (decision 062).
import.meta.glob('./features/*/*.outbox.server.ts', { eager: true })
createOutboxWorker({ db, dataDir: dataDirOf(), config: runtimeConfig(), files: files() }).start()

const handler = createStartHandler(pageRenderHandler)

/** A handler's failure is one error line and the site's own error page (app/routes/500.tsx), with its status. */
async function live(request: Request): Promise<Response> {
  try {
    return await handler(request)
  } catch (error) {
    if (request.signal.aborted) throw error // a hang-up, answered below
    const status = failed(request, error)
    const page = await handler(new Request(new URL('/500', request.url)))
    const headers = new Headers(page.headers)
    headers.set('Cache-Control', 'no-store')
    return new Response(request.method === 'HEAD' ? null : page.body, { status, headers })
  }
}

const renderers: PageRenderers = {
  live,
  complete: async (page) => {
    const headers = new Headers(page.headers)
    headers.set('User-Agent', COMPLETE_RENDER_AGENT)
    return withScriptHashes(await withPageOnlyCss(await handler(new Request(page.url, { headers })), wholeStylesheet))
  },
}

/** Start throws, before any middleware, for a function path whose id it cannot read: no id has other characters. */
function unreadableServerFn(request: Request): Response | null {
  const id = /^\/_serverFn\/([^/]*)/.exec(new URL(request.url).pathname)?.[1]
  return id !== undefined && !/^[\w-]+$/.test(id) ? unknownServerFn(request) : null
}

/** Old links arrive in one permanent hop. */
function trailingSlashRedirect(request: Request): Response | null {
  const url = new URL(request.url)
  if (url.pathname.length <= 1 || !url.pathname.endsWith('/') || url.pathname.startsWith('/_serverFn/')) return null
  const path = sameSitePath(url.pathname)
  const target = findRedirect(path)
  const location = target ? targetHref(target) : `${path.replace(/\/+$/, '') || '/'}${url.search}`
  return new Response(null, { status: 301, headers: { Location: location } })
}

function sharedCacheMayStore(response: Response): boolean {
  return /\b(public|s-maxage)\b/i.test(response.headers.get('Cache-Control') ?? '')
}

export default createServerEntry({
  fetch: (request) => {
    const requestId = requestIdFor(request.headers.get('x-request-id'))
    return withRequestId(requestId, () =>
      tracked(async () => {
        const health = await healthResponse(request)
        // Posts (a lead's work) take turns; page reads are cheap and batch better, and probes must answer.
        if (!health && request.method !== 'GET' && request.method !== 'HEAD') await waitForTurn()
        const response =
          health ??
          unreadableServerFn(request) ??
          methodNotAllowed(request, methodsAllowed) ??
          trailingSlashRedirect(request) ??
          missingHashedAsset(request) ??
          privateIfNonce(await htmlCache.serve(request, renderers))
        const finished = await finalizeResponse(request, response)
        // A CDN would hand one visitor's id to everyone.
        if (!sharedCacheMayStore(finished)) finished.headers.set('X-Request-Id', requestId)
        return finished
      }).catch((error: unknown) => {
        if (!request.signal.aborted) throw error
        // Start would log a hang-up as an unhandled error with its stack; nobody is left to answer.
        log('http').info({ path: new URL(request.url).pathname.slice(0, 120) }, 'client closed the request')
        return new Response(null, { status: 400 })
      }),
    )
  },
})
