// npm run bench:controls — on an emulated phone, 390 and 1280 wide: the load event and when the last shown control
// began to work (HTML controls once shown, other buttons once React attached); then, 412 wide, each control tapped
// every 100 ms from when shown, while React hydrates, or once hydrated: tap to effect. Medians of 3.
// CONTROLS_PART=shown|taps: one part.
import { type BrowserContextOptions, type Page } from '@playwright/test'
import { launchChromium, median, report, routeKinds, startProductionServer } from './common'

const RUNS = Number(process.env.CONTROLS_RUNS ?? 3)
const WAIT_AFTER_LOAD_MS = 8_000

declare global {
  interface Window {
    __controls?: Map<Element, { label: string; shownAt: number; worksAt?: number }>
    __taps?: { at: number; hydrated: boolean }[]
    __effectAt?: number
  }
}

/** Runs in the page from its first script on. */
function watchControls() {
  const controls: NonNullable<Window['__controls']> = new Map()
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
    // An invoker command opens its <dialog> without script where the browser supports it.
    (element instanceof HTMLButtonElement && element.hasAttribute('commandfor') && 'command' in element) ||
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
  setInterval(poll, 50)
  document.addEventListener('DOMContentLoaded', poll)
  window.addEventListener('load', () => poll())
}

const TAP_EVERY_MS = 100
const TAP_GIVE_UP_MS = 20_000

type Effect = 'cities' | 'photo' | 'menu'

const tapPaths = ['/', '/gallery', '/services?tab=roof', '/city/folsom']
/** The visible controls issue 32 times, the element tapped, and what the visitor then sees. */
const tapControls: { control: string; selector: string; effect: Effect; paths: string[] }[] = [
  { control: 'menu button', selector: 'header button[popovertarget]', effect: 'menu', paths: tapPaths },
  {
    control: 'photo (before/after view)',
    selector: 'main button[aria-haspopup="dialog"]',
    effect: 'photo',
    paths: tapPaths,
  },
  { control: 'Show More Cities', selector: '#service-areas summary', effect: 'cities', paths: ['/'] },
]

/** Runs in the page from its first script on: notes each tap and the frame that first shows the effect. */
function watchTapEffect(effect: Effect) {
  const taps: NonNullable<Window['__taps']> = []
  window.__taps = taps
  const hydrated = () => document.documentElement.dataset.hydrated === 'true'
  addEventListener('pointerdown', (event) => taps.push({ at: event.timeStamp, hydrated: hydrated() }), true)
  const shown = (element: Element | null | undefined) => Boolean(element?.checkVisibility({ opacityProperty: true }))
  const seen = () => {
    if (effect === 'menu') return shown(document.querySelector('nav[aria-label="Mobile"] a'))
    if (effect === 'photo') return shown(document.querySelector('dialog:modal'))
    return shown([...document.querySelectorAll('#service-areas li a')].at(-1))
  }
  // A requestAnimationFrame callback runs just before its frame is painted.
  const frame = () => {
    if (taps.length > 0 && seen()) window.__effectAt = performance.now()
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** When the first tap lands: the control shown, React hydrating the page (its root made, not yet done), hydrated. */
type TapMoment = 'first shown' | 'hydrating' | 'hydrated'

/** Taps the control every 100 ms from the moment given until its effect is seen. */
async function tapUntilEffect(page: Page, selector: string, from: TapMoment) {
  const target = page.locator(selector).first()
  await target.waitFor({ state: 'visible', timeout: 60_000 })
  const aim = async () => {
    await target.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
    return target.boundingBox()
  }
  // Aimed before the moment, so the first tap lands within a few milliseconds of it.
  let box = await aim()
  if (from === 'hydrating')
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')), null, {
      polling: 5,
      timeout: 60_000,
    })
  if (from === 'hydrated')
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 })
  const started = Date.now()
  for (let tap = 0; ; tap++) {
    const tappedAt = Date.now()
    if (tap > 0) box = await aim()
    if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(Math.max(0, TAP_EVERY_MS - (Date.now() - tappedAt)))
    const result = await page.evaluate(() => ({ taps: window.__taps ?? [], effectAt: window.__effectAt }))
    if (result.effectAt !== undefined) {
      const before = result.taps.filter((tap) => tap.at <= result.effectAt!)
      return {
        fromFirstTap: result.effectAt - before[0]!.at,
        fromLastTap: result.effectAt - before.at(-1)!.at,
        taps: before.length,
        hydratedAtFirstTap: before[0]!.hydrated,
      }
    }
    if (Date.now() - started > TAP_GIVE_UP_MS) return undefined
  }
}

/** A page on a mid-range phone: 4× CPU slowdown, 1.6 Mbps, 150 ms round trip. */
async function slowPhonePage(device: BrowserContextOptions) {
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
  return { context, page }
}

const part = process.env.CONTROLS_PART
// CONTROLS_FROM=hydrating (or a comma-separated list): taps from those moments only.
const tapMoments = (['first shown', 'hydrating', 'hydrated'] as const).filter(
  (moment) => !process.env.CONTROLS_FROM || process.env.CONTROLS_FROM.split(',').includes(moment),
)
const server = await startProductionServer()
const browser = await launchChromium()
const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
]
const tapPhone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }
const rows: Record<string, unknown>[] = []
const tapRows: Record<string, unknown>[] = []
try {
  for (const { kind, path } of part === 'taps' ? [] : routeKinds)
    for (const { name, ...device } of viewports) {
      const results: { load: number; allWork: number; slowest: string; needingScript: number }[] = []
      for (let run = 0; run < RUNS; run++) {
        const { context, page } = await slowPhonePage(device)
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
        results.push(result)
        await context.close()
      }
      const load = median(results.map((result) => result.load))
      const works = median(results.map((result) => result.allWork))
      rows.push({
        route: path,
        kind,
        width: name,
        'load event ms': Math.round(load),
        'every control works ms': Number.isFinite(works) ? Math.round(works) : 'never',
        'works after load ms': Number.isFinite(works) ? Math.max(0, Math.round(works - load)) : 'never',
        'controls waiting for JS': results.at(-1)!.needingScript,
        'last to work': results.at(-1)!.slowest,
      })
    }
  for (const { control, selector, effect, paths } of part === 'shown' ? [] : tapControls)
    for (const path of paths)
      for (const from of tapMoments) {
        const results: NonNullable<Awaited<ReturnType<typeof tapUntilEffect>>>[] = []
        let missing = false
        for (let run = 0; run < RUNS && !missing; run++) {
          const { context, page } = await slowPhonePage(tapPhone)
          await page.addInitScript(watchTapEffect, effect)
          await page.goto(`${server.url}${path}`, { waitUntil: 'commit', timeout: 60_000 })
          // A control this page lacks is left out of the table.
          const found = page.locator(selector).first().waitFor({ state: 'attached', timeout: 15_000 })
          missing = await found.then(() => false).catch(() => true)
          const result = missing ? undefined : await tapUntilEffect(page, selector, from)
          if (result) results.push(result)
          await context.close()
        }
        if (missing) continue
        const ms = (values: number[]) => (values.length === RUNS ? Math.round(median(values)) : 'never')
        const fromFirstTap = ms(results.map((r) => r.fromFirstTap))
        tapRows.push({
          route: path,
          control,
          'tapped from': from,
          'first tap → effect ms': fromFirstTap,
          'last tap → effect ms': ms(results.map((r) => r.fromLastTap)),
          taps: results.map((r) => r.taps).join(' / '),
          'hydrated at first tap': results.map((r) => (r.hydratedAtFirstTap ? 'yes' : 'no')).join(' / '),
          verdict: typeof fromFirstTap === 'number' && fromFirstTap <= 100 ? 'ok' : 'SLOW',
        })
      }
} finally {
  await browser.close()
  await server.stop()
}
// The kind is in the JSON file, not in the printed table.
const shownColumns = Object.keys(rows[0] ?? {}).filter((column) => column !== 'kind')
if (rows.length > 0) report('controls', rows, shownColumns)
if (tapRows.length > 0) report('controls-taps', tapRows)
