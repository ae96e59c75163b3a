import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Presses Tab until `target` has focus, as a keyboard user would; every stop on the way must show a visible focus
 * indicator (focus-visible, with an outline).
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      if (!element || element === document.body) return 'none'
      const style = getComputedStyle(element)
      return element.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        ? 'visible'
        : `${element.tagName} "${element.textContent?.trim().slice(0, 40)}": no focus indicator`
    })
    expect(stop, 'every keyboard stop shows a visible focus indicator').toBe('visible')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error('target never received focus')
}
