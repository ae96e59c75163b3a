import { definePlugin } from 'nitro'

/** Renders the home page at start: the first visitor does not wait, and a refused backend logs at once. */
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  const render = async (url: string) => {
    const response = await nitroApp.fetch(new Request(url, { headers: { Accept: 'text/html' } }))
    await response.arrayBuffer()
    return response
  }
  setTimeout(() => {
    const started = performance.now()
    // The first render waits for the lazily loaded home sections and streams them behind hidden markers that
    // only JavaScript reveals; it goes to a throwaway address, so the page cache keeps the complete second one.
    render('http://localhost/?warm-up')
      .then(() => render('http://localhost/'))
      .then((response) =>
        console.info(
          `[warm-up] home page rendered (${response.status}) in ${Math.round(performance.now() - started)} ms`,
        ),
      )
      .catch((error: unknown) => console.error('[warm-up] rendering the home page failed', error))
  }, 0)
})
