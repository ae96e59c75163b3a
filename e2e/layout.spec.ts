import { routeKinds } from '../scripts/bench/common'
import type { TraceEvent } from '../scripts/bench/trace-blocking'
import { expect, test } from './support/test'

interface StackFrame {
  url: string
  functionName: string
  lineNumber: number
  columnNumber: number
}

/** A trace event with the script stack Chromium records on a style recalculation or layout that script forced. */
type LayoutTraceEvent = TraceEvent & { args?: { beginData?: { stackTrace?: StackFrame[] } } }

/*
 * A script that reads layout (getBoundingClientRect, offsetHeight, innerHeight…) while the page has changes the
 * browser has not laid out yet makes it lay them out there and then, inside the script's task: a forced
 * synchronous layout, which Lighthouse reports as a forced reflow and which lengthens the tasks TBT counts.
 * Reading computed style (getComputedStyle(…).direction and the like) forces a style recalculation the same way.
 * Chromium's trace gives each forced layout or style recalculation the script stack that caused it; those the
 * browser runs on its own schedule have none.
 */
for (const { kind, path } of routeKinds) {
  test(`the ${kind} page forces no synchronous style or layout from its scripts while it loads, hydrates and settles`, async ({
    browser,
    page,
    baseURL,
  }) => {
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
      ],
    })
    await page.goto(path)
    // Past the work that waits for the load event and an idle period (motion on the home page, the floating features).
    await page.waitForTimeout(3_000)
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: LayoutTraceEvent[] }
    const layouts = traceEvents.filter((event) => event.name === 'Layout')
    expect(layouts.length).toBeGreaterThan(0)
    const forcedByThePage = traceEvents
      .filter((event) => event.name === 'Layout' || event.name === 'UpdateLayoutTree')
      .flatMap((event) => {
        const frame = event.args?.beginData?.stackTrace?.find((candidate) => candidate.url.startsWith(baseURL!))
        return frame
          ? [
              `${event.name}: ${frame.functionName || '(anonymous)'} ${frame.url}:${frame.lineNumber}:${frame.columnNumber}`,
            ]
          : []
      })
    expect(forcedByThePage).toEqual([])
  })
}

// WCAG 2.2 1.4.10 Reflow: at 320 CSS px wide (a 1280 px window at 400% zoom) nothing may need sideways scrolling.
// Scroll containers the page means to scroll (the reviews strip, the services toggle row) clip their content.
for (const { kind, path } of routeKinds) {
  test(`the ${kind} page fits a 320 px wide screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto(path)
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const wider = [...document.body.querySelectorAll('*')]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > width + 0.5 && getComputedStyle(element).position !== 'fixed',
        )
        .filter((element) => {
          for (
            let ancestor = element.parentElement;
            ancestor && ancestor !== document.body;
            ancestor = ancestor.parentElement
          ) {
            if (getComputedStyle(ancestor).overflowX !== 'visible') return false
          }
          return true
        })
      return {
        scrollWidth: document.documentElement.scrollWidth,
        width,
        wider: wider
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`),
      }
    })
    expect(overflow.scrollWidth, `sticking out: ${overflow.wider.join(', ')}`).toBeLessThanOrEqual(overflow.width)
  })
}
