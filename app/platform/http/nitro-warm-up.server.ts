import { definePlugin } from 'nitro'
import { log } from '../log/logger.server'
import { storedPagesReady } from './html-cache.server'

/** The first visitor does not wait, and a refused backend logs at once. */
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  setTimeout(() => {
    const started = performance.now()
    Promise.resolve(nitroApp.fetch(new Request('http://localhost/', { headers: { Accept: 'text/html' } })))
      .then(async (response) => {
        await response.arrayBuffer()
        // Decision 013: the line means the page is stored, so the first visitor is served it whole.
        await storedPagesReady()
        const ms = Math.round(performance.now() - started)
        log('warm-up').info({ status: response.status, ms }, 'home page rendered')
      })
      .catch((error: unknown) => log('warm-up').error({ err: error }, 'rendering the home page failed'))
  }, 0)
})
