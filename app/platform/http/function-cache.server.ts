import { getRequest, setResponseHeader } from '@tanstack/react-start/server'

/** A server function's answer that is public and the same for everyone: the browser's HTTP cache (and a CDN) answer
 * the next ask. */
export function cacheableByBrowsers(seconds: number): void {
  // A page's loader calls these during its render too: the page's own Cache-Control must stay its own.
  if (new URL(getRequest().url).pathname.startsWith('/_serverFn/'))
    setResponseHeader('Cache-Control', `public, max-age=${seconds}`)
}
