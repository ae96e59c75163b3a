// npx tsx scripts/bench/tap-trace.ts [path] [menu|photo|cities]: where a tap's time goes at 4× CPU, 412 wide, touch,
// after `npm run build`. One traced tap per load (TRACE_RUNS, 3): the main thread's style, layout, paint and script
// from the tap to the frame showing the effect, on an idle hydrated page; TRACE_WARM=1 opens it once before,
// TRACE_AT_HYDRATION=1 taps at hydration, TRACE_DEEP=1 adds what invalidated style.
import { chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath, median, startProductionServer } from './common'

const RUNS = Number(process.env.TRACE_RUNS ?? 3)
const controls = {
  menu: { selector: 'header button[popovertarget]', shown: 'nav[aria-label="Mobile"] a' },
  photo: { selector: 'main button[aria-haspopup="dialog"]', shown: 'dialog:modal' },
  cities: { selector: '#service-areas summary', shown: '#service-areas li:last-child a' },
}
const path = process.argv[2] ?? '/gallery'
const control = (process.argv[3] ?? 'photo') as keyof typeof controls
const { selector, shown } = controls[control]

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: Record<string, unknown>; elementCount?: number; name?: string }
}

const server = await startProductionServer()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags })
const sums: Record<string, number[]> = {}
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.addInitScript('window.__name = (t) => t')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const atHydration = Boolean(process.env.TRACE_AT_HYDRATION)
    const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing']
    if (atHydration) await browser.startTracing(page, { categories })
    await page.goto(`${server.url}${path}`, { waitUntil: atHydration ? 'commit' : 'load' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    const target = page.locator(selector).first()
    await target.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
    if (!atHydration) await page.waitForTimeout(2_500)
    if (process.env.TRACE_WARM) {
      const warm = (await target.boundingBox())!
      await page.touchscreen.tap(warm.x + warm.width / 2, warm.y + warm.height / 2)
      await page.waitForTimeout(1_000)
      await page.keyboard.press('Escape')
      await page.waitForTimeout(1_500)
    }
    const box = (await target.boundingBox())!
    await page.evaluate((shownSelector) => {
      const w = window as unknown as { __effect?: Promise<number> }
      w.__effect = new Promise((resolve) => {
        const frame = () => {
          const element = document.querySelector(shownSelector)
          if (element?.checkVisibility({ opacityProperty: true })) resolve(performance.now())
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
    }, shown)
    if (!atHydration)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          ...(process.env.TRACE_DEEP
            ? [
                'blink',
                'blink.debug',
                'disabled-by-default-blink.debug',
                'disabled-by-default-devtools.timeline.invalidationTracking',
              ]
            : []),
        ],
      })
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
    await page.evaluate(() => (window as unknown as { __effect: Promise<number> }).__effect)
    await page.waitForTimeout(300)
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    const events = trace.traceEvents
    const main = events.find(
      (e) =>
        e.name === 'thread_name' &&
        e.args?.name === 'CrRendererMain' &&
        events.some(
          (x) =>
            x.pid === e.pid && x.tid === e.tid && x.name === 'EventDispatch' && x.args?.data?.type === 'pointerdown',
        ),
    )
    if (!main) throw new Error('no renderer main thread in the trace')
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    const tap = onMain.find(
      (e) =>
        e.name === 'EventDispatch' && (e.args?.data?.type === 'pointerdown' || e.args?.data?.type === 'touchstart'),
    )
    const from = tap?.ts ?? onMain[0]!.ts
    // The frame showing the effect: the first Paint after the last click handling.
    const click = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click').at(-1)
    const paint = onMain.find((e) => e.name === 'Paint' && e.ts > (click?.ts ?? from))
    const to = paint ? paint.ts + (paint.dur ?? 0) : from + 1e6
    const row: Record<string, number> = { 'tap→paint': (to - from) / 1000 }
    for (const e of onMain) {
      if (e.ts < from || e.ts > to) continue
      const name = e.name === 'UpdateLayoutTree' ? 'style' : e.name
      if (
        ![
          'style',
          'Layout',
          'Paint',
          'PrePaint',
          'Layerize',
          'FunctionCall',
          'EventDispatch',
          'HitTest',
          'ParseHTML',
          'EvaluateScript',
          'TimerFire',
          'RunMicrotasks',
          'Commit',
        ].includes(name)
      )
        continue
      row[name] = (row[name] ?? 0) + (e.dur ?? 0) / 1000
      if (name === 'style') row['styled elements'] = (row['styled elements'] ?? 0) + Number(e.args?.elementCount ?? 0)
    }
    const top = [...onMain]
      .filter(
        (e) =>
          e.ts >= from &&
          e.ts <= to &&
          (e.dur ?? 0) > 5000 &&
          (e.name === 'RunTask' ||
            e.name === 'FunctionCall' ||
            e.name === 'EventDispatch' ||
            e.name === 'UpdateLayoutTree' ||
            e.name === 'Layout' ||
            e.name === 'TimerFire' ||
            e.name === 'EvaluateScript' ||
            e.name === 'v8.compile' ||
            e.name === 'FireAnimationFrame'),
      )
      .map(
        (e) =>
          `${e.name}${e.args?.data?.type ? `(${String(e.args.data.type)})` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`,
      )
    if (process.env.TRACE_DEEP) {
      const longest = onMain
        .filter((e) => e.name === 'UpdateLayoutTree' && e.ts >= from && e.ts <= to)
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]
      if (longest) {
        const inside: Record<string, number> = {}
        for (const e of onMain)
          if (e.ts >= longest.ts && e.ts + (e.dur ?? 0) <= longest.ts + longest.dur! && e !== longest)
            inside[e.name] = (inside[e.name] ?? 0) + (e.dur ?? 0) / 1000
        console.log(
          'inside the longest style recalc',
          Math.round(longest.dur! / 1000),
          JSON.stringify(longest.args),
          JSON.stringify(Object.fromEntries(Object.entries(inside).map(([k, v]) => [k, Math.round(v * 10) / 10]))),
        )
      }
      const reasons: Record<string, number> = {}
      for (const e of events)
        if (e.pid === main.pid && e.ts >= from - 20000 && e.ts <= to && /Invalidat|Schedule/.test(e.name)) {
          const d = e.args?.data as Record<string, unknown> | undefined
          const key = `${e.name} ${String(d?.reason ?? d?.invalidatedSelectorId ?? d?.changedPseudo ?? '')} ${String(d?.nodeName ?? '')}`
          reasons[key] = (reasons[key] ?? 0) + 1
        }
      console.log('invalidations', JSON.stringify(reasons))
    }
    console.log(
      `run ${run}:`,
      JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Math.round(v)]))),
      top.slice(0, 30).join(', '),
    )
    for (const [k, v] of Object.entries(row)) (sums[k] ??= []).push(v)
    await context.close()
  }
  console.log(
    `${path} ${control}, medians of ${RUNS}:`,
    JSON.stringify(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Math.round(median(v))]))),
  )
} finally {
  await browser.close()
  await server.stop()
}
