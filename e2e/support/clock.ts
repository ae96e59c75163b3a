import type { Page } from '@playwright/test'

/** Retries further ahead: on a busy machine real time can pass the target ("Cannot fast-forward to the past"). */
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
