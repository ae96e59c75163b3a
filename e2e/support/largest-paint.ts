import type { Page } from '@playwright/test'

/** The page's largest contentful paint so far: whether it is the page photo the entry loader waits for, and when. */
export function largestPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ isPagePhoto: boolean; renderTime: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null; renderTime: number }
          resolve({ isPagePhoto: !!entry.element?.hasAttribute('data-page-photo'), renderTime: entry.renderTime })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
}
