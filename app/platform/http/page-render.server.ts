import { createElement } from 'react'
import ReactDOMServer from 'react-dom/server'
import { isbot } from 'isbot'
import type { AnyRouter } from '@tanstack/react-router'
import {
  RouterServer,
  createSsrStreamResponse,
  defineHandlerCallback,
  getSsrStatus,
  renderRouterToStream,
  transformReadableStreamWithRouter,
  type SsrResponse,
} from '@tanstack/react-router/ssr/server'

/** A route handler that renders its page for a refused post passes the status it answers with (quote-request.tsx). */
function routeStatus(router: AnyRouter): number | undefined {
  const context = router.options.additionalContext as { serverContext?: { responseStatus?: unknown } } | undefined
  const status = context?.serverContext?.responseStatus
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined
}

function withRouteStatus(router: AnyRouter, result: SsrResponse): SsrResponse {
  const status = routeStatus(router)
  if (!status) return result
  const { response } = result
  return { ...result, response: new Response(response.body, { status, headers: response.headers }) }
}

export const COMPLETE_RENDER_AGENT = 'PageCacheBot/1.0 (complete render)'

/** docs/decisions/029-streamed-first-renders.md */
export const pageRenderHandler = defineHandlerCallback(async ({ request, router, responseHeaders }) => {
  const children = createElement(RouterServer, { router })
  if (!isbot(request.headers.get('User-Agent'))) {
    return withRouteStatus(router, await renderRouterToStream({ request, router, responseHeaders, children }))
  }
  try {
    const rendered = await ReactDOMServer.renderToReadableStream(children, {
      signal: request.signal,
      nonce: router.options.ssr?.nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    })
    await rendered.allReady
    const body = transformReadableStreamWithRouter(router, rendered, {
      rendererSafePoint: 'script-close',
      signal: request.signal,
    })
    return createSsrStreamResponse(
      router,
      new Response(body, { status: routeStatus(router) ?? getSsrStatus(router), headers: responseHeaders }),
    )
  } catch (error) {
    router.serverSsr?.cleanup()
    throw error
  }
})
