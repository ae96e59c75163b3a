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

export const COMPLETE_RENDER_AGENT = 'PageCacheBot/1.0 (complete render)'

/** docs/decisions/029-streamed-first-renders.md */
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
