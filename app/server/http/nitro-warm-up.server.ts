import { definePlugin } from 'nitro'

/**
 * Nitro plugin: render the home page once as the server starts. Nitro loads the page renderer on the
 * first request, and the first page opens the database (embedded: 0.5 s, 3 s when it is created) and
 * fills the read caches; without this, the first visitor after every start or deploy waits for all of
 * it. The page goes into the page cache like any other render, and a backend that refuses the site
 * (a wrong key or SITE_FUNCTION_SECRET) shows in the log at once rather than at the first quote.
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
