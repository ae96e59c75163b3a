import { createElement } from 'react'
import ReactDOMServer from 'react-dom/server'
import { isbot } from 'isbot'
import {
  RouterServer,
  createSsrStreamResponse,
  defineHandlerCallback,
  getSsrStatus,
  renderRouterToStream,
  transformReadableStreamWithRouter,
} from '@tanstack/react-router/ssr/server'

/** The page cache's own renders say they are one; the router's bot path still streams fallbacks first. */
export const COMPLETE_RENDER_AGENT = 'PageCacheBot/1.0 (complete render)'

/**
 * Visitors get the shell at once and slow sections later in the same response; crawlers and the page cache
 * get every Suspense boundary resolved in place (decision 029).
 */
export const pageRenderHandler = defineHandlerCallback(async ({ request, router, responseHeaders }) => {
  const children = createElement(RouterServer, { router })
  if (!isbot(request.headers.get('User-Agent'))) {
    return renderRouterToStream({ request, router, responseHeaders, children })
  }
  try {
    const rendered = await ReactDOMServer.renderToReadableStream(children, {
      signal: request.signal,
      nonce: router.options.ssr?.nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    })
    // Nothing is read before every boundary is ready, so React writes each one in place.
    await rendered.allReady
    const body = transformReadableStreamWithRouter(router, rendered, {
      rendererSafePoint: 'script-close',
      signal: request.signal,
    })
    return createSsrStreamResponse(
      router,
      new Response(body, { status: getSsrStatus(router), headers: responseHeaders }),
    )
  } catch (error) {
    router.serverSsr?.cleanup()
    throw error
  }
})
