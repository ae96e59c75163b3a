import type { Page } from '@playwright/test'

/**
 * The page's largest contentful paint so far: whether it is the page photo the entry loader waits for, and
 * the frame that painted it (`paintTime`; `renderTime` is when the compositor showed it, which a page never sees).
 */
export function largestPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ isPagePhoto: boolean; paintedAt: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & {
            element?: Element | null
            renderTime: number
            paintTime?: number
          }
          resolve({
            isPagePhoto: !!entry.element?.hasAttribute('data-page-photo'),
            paintedAt: entry.paintTime ?? entry.renderTime,
          })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
}
