// npm run bench:controls — on an emulated phone, 390 and 1280 wide: the load event and when the last shown
// control began to work (HTML controls once shown, other buttons once React attached); medians of 3.
import { chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath, median, report, routeKinds, startProductionServer } from './common'

const RUNS = Number(process.env.CONTROLS_RUNS ?? 3)
const WAIT_AFTER_LOAD_MS = 8_000

declare global {
  interface Window {
    __controls?: Map<Element, { label: string; shownAt: number; worksAt?: number }>
  }
}

/** Runs in the page from its first script on. */
function watchControls() {
  const controls = new Map<Element, { label: string; shownAt: number; worksAt?: number }>()
  window.__controls = controls
  const reactHandler = (element: Element) => {
    const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'))
    const props = key ? (element as unknown as Record<string, Record<string, unknown>>)[key] : undefined
    return Boolean(props && (props.onClick || props.onPointerDown || props.onKeyDown))
  }
  const worksWithoutScript = (element: Element) =>
    (element instanceof HTMLAnchorElement && element.hasAttribute('href')) ||
    (element instanceof HTMLElement && element.tagName === 'SUMMARY') ||
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element instanceof HTMLButtonElement && element.hasAttribute('popovertarget')) ||
    (element instanceof HTMLButtonElement && element.type === 'submit' && Boolean(element.form?.getAttribute('action')))
  const poll = () => {
    const now = performance.now()
    // A dead control replaced by another (a hydration mismatch, a Suspense swap) stopped waiting there.
    for (const [element, entry] of controls)
      if (entry.worksAt === undefined && !element.isConnected) entry.worksAt = now
    for (const element of document.querySelectorAll(
      'a[href], button, summary, input, textarea, select, [role="button"]',
    )) {
      if (element instanceof HTMLInputElement && element.type === 'hidden') continue
      // Shown: rendered and not hidden (sections skipped by content-visibility: auto still count).
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      if (element.closest('[aria-hidden="true"], [inert]')) continue
      let entry = controls.get(element)
      if (!entry) {
        const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
        entry = { label: `${element.tagName.toLowerCase()} "${label}"`, shownAt: now }
        controls.set(element, entry)
      }
      if (entry.worksAt === undefined && (worksWithoutScript(element) || reactHandler(element))) entry.worksAt = now
    }
  }
  const timer = setInterval(poll, 50)
  document.addEventListener('DOMContentLoaded', poll)
  window.addEventListener('load', () => poll())
  void timer
}

const server = await startProductionServer()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags })
const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
]
const rows: Record<string, unknown>[] = []
try {
  for (const { kind, path } of routeKinds)
    for (const { name, ...device } of viewports) {
      const loads: number[] = []
      const allWork: number[] = []
      let last = ''
      let needingScript = 0
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext(device)
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        // tsx names inner functions with an __name helper the page does not have.
        await page.addInitScript('window.__name = (target) => target')
        await page.addInitScript(watchControls)
        await page.goto(`${server.url}${path}`, { waitUntil: 'load', timeout: 60_000 })
        await page.waitForTimeout(WAIT_AFTER_LOAD_MS)
        const result = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
          const entries = [...window.__controls!.values()]
          // A control that works the moment it appears (the chat button, at idle) was never dead.
          const waited = entries.filter((entry) => entry.worksAt === undefined || entry.worksAt > entry.shownAt)
          const slowest = waited.reduce<(typeof waited)[number] | undefined>(
            (worst, entry) => (!worst || (entry.worksAt ?? Infinity) > (worst.worksAt ?? Infinity) ? entry : worst),
            undefined,
          )
          return {
            load: navigation!.loadEventStart,
            allWork: slowest ? (slowest.worksAt ?? Infinity) : 0,
            slowest: slowest?.label ?? '(none waited)',
            needingScript: waited.length,
          }
        })
        loads.push(result.load)
        allWork.push(result.allWork)
        last = result.slowest
        needingScript = result.needingScript
        await context.close()
      }
      const load = median(loads)
      const works = median(allWork)
      rows.push({
        route: path,
        kind,
        width: name,
        'load event ms': Math.round(load),
        'every control works ms': Number.isFinite(works) ? Math.round(works) : 'never',
        'works after load ms': Number.isFinite(works) ? Math.max(0, Math.round(works - load)) : 'never',
        'controls waiting for JS': needingScript,
        'last to work': last,
      })
    }
} finally {
  await browser.close()
  await server.stop()
}
report('controls', rows, [
  'route',
  'width',
  'load event ms',
  'every control works ms',
  'works after load ms',
  'controls waiting for JS',
  'last to work',
])
