import type { Page } from '@playwright/test'

/**
 * Pauses the page's installed clock a moment from now, so that from then on only runFor moves it.
 * The target is read from the page first; on a busy machine real time can pass it before the pause
 * arrives ("Cannot fast-forward to the past"), so it retries further ahead.
 */
export async function pauseClockSoon(page: Page, aheadMs = 100): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + aheadMs * 2 ** attempt)
      return
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('fast-forward to the past')) throw error
    }
  }
}
