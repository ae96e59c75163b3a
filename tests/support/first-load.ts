// What "first load" means for bench:size and the e2e bundle test: every request a page made before it had
// hydrated (the root layout marks <html data-hydrated> from its first effect), timed on the page's own clock.
// Timing the request, not its response's arrival, keeps an idle-time chunk that happens to arrive early out.

import type { Page } from '@playwright/test'

declare global {
  interface Window {
    __hydratedAt?: number
  }
}

/** Pass to page.addInitScript: notes when <html data-hydrated> appears, on the clock Resource Timing uses. */
export function noteHydrationTime() {
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.hydrated !== 'true') return
    window.__hydratedAt = performance.now()
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

/** Waits for the page to hydrate; then when it did, and when it requested each resource so far (by URL). */
export async function requestTimings(page: Page): Promise<{ hydratedAt: number; requestedAt: Record<string, number> }> {
  await page.waitForFunction(() => typeof window.__hydratedAt === 'number', null, { timeout: 15_000 })
  return page.evaluate(() => ({
    hydratedAt: window.__hydratedAt ?? 0,
    requestedAt: Object.fromEntries(
      performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
    ),
  }))
}
