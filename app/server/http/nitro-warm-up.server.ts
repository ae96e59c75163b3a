import { definePlugin } from 'nitro'
import { log } from '../log/logger.server'

/** Renders the home page at start: the first visitor does not wait, and a refused backend logs at once. */
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  const render = async (headers: Record<string, string> = {}) => {
    const response = await nitroApp.fetch(
      new Request('http://localhost/', { headers: { Accept: 'text/html', ...headers } }),
    )
    await response.arrayBuffer()
    return response
  }
  setTimeout(() => {
    const started = performance.now()
    // The first render waits for the lazily loaded home sections and streams them behind hidden markers that
    // only JavaScript reveals. The page cache keeps no request with credentials (a query string it would drop:
    // page-url.server.ts), so it keeps the complete second one.
    render({ Authorization: 'warm-up' })
      .then(() => render())
      .then((response) => {
        const ms = Math.round(performance.now() - started)
        log('warm-up').info({ status: response.status, ms }, 'home page rendered')
      })
      .catch((error: unknown) => log('warm-up').error({ err: error }, 'rendering the home page failed'))
  }, 0)
})
