// npm run bench:size — first-load JavaScript and CSS per route kind, KB gzip, from the production
// build loaded in Chromium. First load is what a page requested before it hydrated (first-load.ts);
// idle-time and on-demand chunks (sections below the fold, chat, notifications) count as "later".
// Then each page's document: its gzip bytes before the largest contentful paint, and where the rest go.
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { failIfAny, launchChromium, report, routeKinds, startProductionServer } from './common'
import { noteHydrationTime, requestTimings } from '../../tests/support/first-load'
import {
  elementEnd,
  gzipBytesBefore,
  gzipBytesByPart,
  largestPaintElement,
  storedDocument,
} from '../../tests/support/document-bytes'

const HOME_JS_BUDGET_KB = 135
const ROUTE_JS_BUDGET_KB = 170
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

const server = await startProductionServer()
const browser = await launchChromium()
type Body = { url: string; type: string; gzip: number; phase?: 'first' | 'later' }

const rows: Record<string, unknown>[] = []
const documentRows: Record<string, unknown>[] = []
const failures: string[] = []
try {
  for (const { kind, path } of routeKinds) {
    const page = await browser.newPage()
    const bodies: Body[] = []
    const thirdParty: string[] = []
    page.on('response', async (response) => {
      const url = new URL(response.url())
      if (url.hostname !== '127.0.0.1') thirdParty.push(url.href)
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      try {
        bodies.push({ url: response.url(), type, gzip: gzipSync(await response.body(), { level: 9 }).length })
      } catch {
        // A response whose body is gone (a redirect, a cancelled request) adds nothing.
      }
    })
    await page.addInitScript(noteHydrationTime)
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_500)
    const { hydratedAt, requestedAt } = await requestTimings(page)
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n'),
    )
    // A script Resource Timing does not list counts as first load: the budget errs on the safe side.
    for (const body of bodies) body.phase = (requestedAt[body.url] ?? -Infinity) < hydratedAt ? 'first' : 'later'
    const sum = (type: string, phase: Body['phase']) =>
      bodies.filter((b) => b.type === type && b.phase === phase).reduce((total, b) => total + b.gzip, 0)
    const js = sum('script', 'first')
    const css = sum('stylesheet', 'first')
    const inline = gzipSync(inlineCss, { level: 9 }).length
    const budget = kind === 'home' ? HOME_JS_BUDGET_KB : ROUTE_JS_BUDGET_KB
    const ok = kb(js) <= budget && thirdParty.length === 0
    if (!ok) failures.push(`${path}: ${kb(js)} KB of first-load JS, ${thirdParty.length} third-party requests`)
    rows.push({
      route: path,
      'JS files': bodies.filter((b) => b.type === 'script' && b.phase === 'first').length,
      'JS KB gz': kb(js),
      'later JS KB gz': kb(sum('script', 'later')),
      'CSS KB gz (inline+files)': kb(css + inline),
      'budget KB': budget,
      'third-party requests': thirdParty.length,
      verdict: ok ? 'ok' : 'OVER',
    })
    await page.close()
    documentRows.push(await documentRow(browser, `${server.url}${path}`, path, failures))
  }
} finally {
  await browser.close()
  await server.stop()
}
report('size', rows)
console.log()
report('size-document', documentRows)
failIfAny(failures)

/**
 * The first round trip on a slow link carries about 14 KB (ten TCP segments): what the LCP element needs should
 * fit in it. Parts are in-context: each is what it adds to the page's gzip stream, so they add up to the whole.
 */
async function documentRow(browser: Browser, url: string, path: string, failures: string[]) {
  const BEFORE_LCP_BUDGET_KB = 14
  const html = await storedDocument(url)
  const largest = await largestPaintElement(browser, url)
  const beforeLcp = kb(gzipBytesBefore(html, elementEnd(html, largest)))
  if (beforeLcp > BEFORE_LCP_BUDGET_KB) failures.push(`${path}: ${beforeLcp} KB gzip before the LCP element`)
  const parts = gzipBytesByPart(html)
  const sections = Object.entries(parts).filter(([label]) => label.startsWith('main: '))
  return {
    route: path,
    'LCP element': `<${largest.tag}> ${largest.text.trim().slice(0, 18)}`,
    'before LCP KB gz': beforeLcp,
    'document KB gz': kb(gzipSync(html, { level: 9 }).length),
    ...Object.fromEntries(
      ['head', 'CSS', 'JSON-LD', 'header', 'hydration data', 'entry loader', 'other scripts', 'after main'].map(
        (label) => [label, kb(parts[label] ?? 0)],
      ),
    ),
    main: kb(sections.reduce((total, [, bytes]) => total + bytes, 0)),
    'main by section': sections.map(([label, bytes]) => `${label.slice(6)} ${kb(bytes)}`).join(', '),
  }
}
