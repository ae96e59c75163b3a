import type { Page } from '@playwright/test'

/** The page's own JavaScript: every script file but the entry loader, which waits for the first paint to fetch it. */
export const APP_SCRIPTS = /\/assets\/(?!entry-loader-)[^/]+\.js$/

/** Pages whose APP_SCRIPTS a test holds: they cannot hydrate until released, so `page.goto` does not wait for it. */
export const scriptsHeld = new WeakSet<Page>()

/** Holds every request matching `url` until the returned function is called; then they go on as usual. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    // The page may have moved on (or closed) while the request was held.
    await route.continue().catch(() => {})
  })
  if (url !== APP_SCRIPTS) return release
  scriptsHeld.add(page)
  return () => {
    scriptsHeld.delete(page)
    release()
  }
}
