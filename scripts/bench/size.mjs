// npm run bench:size — first-load JavaScript and CSS per route kind, KB gzip, from the production
// build: each page is loaded in Chromium and what it fetched (and inlined) is summed. First load is
// everything requested until the load event and until the entry module has run (the page adds its entry
// module after the first paint, see app/components/layout/document-assets.tsx: the load event alone
// would come before any JavaScript); what the page fetches afterwards (idle-time and on-demand chunks:
// chat, notifications) is reported apart as "later".
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath, report, routeKinds, startProductionServer } from './common.mjs'

const HOME_JS_BUDGET_KB = 150
const ROUTE_JS_BUDGET_KB = 170
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10

const server = await startProductionServer()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags })
const rows = []
let failed = false
try {
  for (const { kind, path } of routeKinds) {
    const page = await browser.newPage()
    const bodies = []
    const thirdParty = []
    let loaded = false
    page.on('response', async (response) => {
      const phase = loaded ? 'later' : 'first'
      const url = new URL(response.url())
      if (url.hostname !== '127.0.0.1') thirdParty.push(url.href)
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      try {
        bodies.push({ type, phase, gzip: gzipSync(await response.body(), { level: 9 }).length })
      } catch {}
    })
    // A module script's load event fires once it has run; load events do not bubble, but can be captured.
    await page.addInitScript(() => {
      document.addEventListener(
        'load',
        (event) => {
          if (event.target instanceof HTMLScriptElement && event.target.type === 'module') window.__entryModuleRan = true
        },
        true,
      )
    })
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
    await page.waitForFunction(() => window.__entryModuleRan === true, null, { timeout: 15_000 })
    loaded = true
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1_500)
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n'),
    )
    const sum = (type, phase) =>
      bodies.filter((b) => b.type === type && b.phase === phase).reduce((total, b) => total + b.gzip, 0)
    const js = sum('script', 'first')
    const css = sum('stylesheet', 'first')
    const inline = gzipSync(inlineCss, { level: 9 }).length
    const budget = kind === 'home' ? HOME_JS_BUDGET_KB : ROUTE_JS_BUDGET_KB
    const ok = kb(js) <= budget && thirdParty.length === 0
    failed ||= !ok
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
  }
} finally {
  await browser.close()
  await server.stop()
}
report('size', rows, ['route', 'JS files', 'JS KB gz', 'later JS KB gz', 'CSS KB gz (inline+files)', 'budget KB', 'third-party requests', 'verdict'])
if (failed) {
  console.error('\nA route is over its first-load JS budget or made a third-party request.')
  process.exit(1)
}
