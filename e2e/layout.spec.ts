import { routeKinds } from '../tests/support/route-kinds'
import { expect, pageSettled, test } from './support/test'

interface StackFrame {
  url: string
  functionName: string
  lineNumber: number
  columnNumber: number
}

/** A trace event with the script stack Chromium records on a style recalculation or layout that script forced. */
type LayoutTraceEvent = { name: string; args?: { beginData?: { stackTrace?: StackFrame[] } } }

// A layout or style read in a script with changes pending forces the work inside its task (Lighthouse's forced
// reflow, longer TBT tasks); Chromium's trace gives only such forced work a script stack.
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
    await pageSettled(page)
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
