import { definePlugin } from 'nitro'

/**
 * Renders the home page once as the server starts, so the first visitor after a deploy does not wait for
 * the renderer and the database to open, and a backend that refuses the site shows in the log at once.
 */
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  setTimeout(() => {
    const started = performance.now()
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/', { headers: { Accept: 'text/html' } })))
      .then(async (response) => {
        await response.arrayBuffer()
        console.info(
          `[warm-up] home page rendered (${response.status}) in ${Math.round(performance.now() - started)} ms`,
        )
      })
      .catch((error: unknown) => console.error('[warm-up] rendering the home page failed', error))
  }, 0)
})
