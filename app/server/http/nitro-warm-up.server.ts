import { definePlugin } from 'nitro'

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
      .then((response) =>
        console.info(
          `[warm-up] home page rendered (${response.status}) in ${Math.round(performance.now() - started)} ms`,
        ),
      )
      .catch((error: unknown) => console.error('[warm-up] rendering the home page failed', error))
  }, 0)
})
