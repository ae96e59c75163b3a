import { definePlugin } from 'nitro'

/** Renders the home page at start: the first visitor does not wait, and a refused backend logs at once. */
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
