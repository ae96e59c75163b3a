import type { Page } from '@playwright/test'

/** Holds every request matching `url` until the returned function is called; then they go on as usual. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    // The page may have moved on (or closed) while the request was held.
    await route.continue().catch(() => {})
  })
  return release
}
