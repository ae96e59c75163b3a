// ANALYZE=1 npm run build && npm run bench:size — first-load JavaScript and CSS per route kind, KB gzip, from the
// production build loaded in Chromium. First load is what a page requested before it hydrated (first-load.ts);
// idle-time and on-demand chunks count as "later"; "ours" is each chunk's gzip size shared by its source map, less
// the frameworks and the bundler's glue; home's first load is also listed by origin (a package or a folder of ours).
// Then each page's document: its bytes as served, and where they go.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decode } from '@jridgewell/sourcemap-codec'
import { failIfAny, launchChromium, report, routeKinds, startProductionServer } from './common'
import { noteHydrationTime, requestTimings } from '../../tests/support/first-load'
import { gzipBytes, gzipBytesByPart, storedPage } from '../../tests/support/document-bytes'

const HOME_JS_BUDGET_KB = 140
const HOME_OWN_JS_BUDGET_KB = 20
const ROUTE_JS_BUDGET_KB = 170
/** React and TanStack Router/Start, with the packages they bring. */
const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack\/[^/]+|seroval[^/]*|cookie-es)\//
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const assets = join(process.env.BUILD_OUTPUT_DIR ?? '.output', 'public', 'assets')

/** Where a chunk's characters come from by its source map: a package, a folder of ours, or glue (imports, exports,
 * the bundler's runtime: no source). */
function charsByOrigin(file: string, code: string): Map<string, number> {
  const { sources, mappings } = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as {
    sources: string[]
    mappings: string
  }
  const lines = code.split('\n')
  const chars = new Map<string, number>()
  let mapped = 0
  // Each segment: its generated column on the line, then its source's index when it has one.
  for (const [lineIndex, segments] of decode(mappings).entries()) {
    for (const [i, [column, source]] of segments.entries()) {
      if (source === undefined) continue
      const length = (segments[i + 1]?.[0] ?? lines[lineIndex]?.length ?? 0) - column
      const origin = originOf(sources[source] ?? '')
      chars.set(origin, (chars.get(origin) ?? 0) + length)
      mapped += length
    }
  }
  chars.set(GLUE, code.length - mapped)
  return chars
}

const GLUE = 'glue'
/** A package by its name; ours by its folder under app/ (`app/components/home`). */
function originOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)
  if (pkg) return pkg[1]!
  const ours = /(?:^|\/)app\/((?:[^/]+\/)?[^/]+)\//.exec(source)
  return ours ? `app/${ours[1]}` : source.replace(/^(\.\.\/)+/, '')
}

/** What is neither the frameworks nor glue: our code, lucide-react's icons and valibot among it. */
function ownPart(origins: Map<string, number>): number {
  let ours = 0
  for (const [origin, size] of origins) if (origin !== GLUE && !FRAMEWORK.test(`node_modules/${origin}/`)) ours += size
  return ours
}

if (!readdirSync(assets).some((name) => name.endsWith('.js.map')))
  failIfAny(['no source maps in the build: ANALYZE=1 npm run build first'], 'Cannot measure')
const server = await startProductionServer()
const browser = await launchChromium()
type Body = {
  url: string
  type: string
  gzip: number
  ours: number
  /** A script's gzip bytes by origin, each its share of the characters. */
  origins?: Map<string, number>
  phase?: 'first' | 'later'
}

const rows: Record<string, unknown>[] = []
let homeOrigins: Record<string, unknown>[] = []
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
        const code = (await response.body()).toString('utf8')
        const gzip = gzipBytes(code)
        const name = url.pathname.startsWith('/assets/') ? url.pathname.slice('/assets/'.length) : ''
        const chars = type === 'script' && name ? charsByOrigin(name, code) : undefined
        const origins = chars && new Map([...chars].map(([origin, count]) => [origin, (gzip * count) / code.length]))
        bodies.push({ url: response.url(), type, gzip, ours: origins ? ownPart(origins) : 0, origins })
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
    const sum = (type: string, phase: Body['phase'], part: 'gzip' | 'ours' = 'gzip') =>
      bodies.filter((b) => b.type === type && b.phase === phase).reduce((total, b) => total + b[part], 0)
    const js = sum('script', 'first')
    const own = sum('script', 'first', 'ours')
    const css = sum('stylesheet', 'first')
    const inline = gzipBytes(inlineCss)
    const budget = kind === 'home' ? HOME_JS_BUDGET_KB : ROUTE_JS_BUDGET_KB
    const ownBudget = kind === 'home' ? HOME_OWN_JS_BUDGET_KB : Infinity
    // Bytes, not the table's rounded tenths: 20.04 KB is over a 20 KB budget.
    const ok = js <= budget * 1024 && own <= ownBudget * 1024 && thirdParty.length === 0
    if (!ok)
      failures.push(
        `${path}: ${kb(js)} KB of first-load JS (${kb(own)} ours), ${thirdParty.length} third-party requests`,
      )
    rows.push({
      route: path,
      'JS files': bodies.filter((b) => b.type === 'script' && b.phase === 'first').length,
      'JS KB gz': kb(js),
      'ours KB gz': kb(own),
      'later JS KB gz': kb(sum('script', 'later')),
      'CSS KB gz (inline+files)': kb(css + inline),
      'budget KB': kind === 'home' ? `${budget} (ours ${ownBudget})` : budget,
      'third-party requests': thirdParty.length,
      verdict: ok ? 'ok' : 'OVER',
    })
    if (kind === 'home') homeOrigins = firstLoadByOrigin(bodies)
    await page.close()
    documentRows.push(await documentRow(`${server.url}${path}`, path))
  }
} finally {
  await browser.close()
  await server.stop()
}
report('size', rows)
console.log()
report('size-home-origins', homeOrigins)
console.log()
report('size-document', documentRows)
failIfAny(failures)

/** Parts are in-context: each is what it adds to the page's gzip stream, so they add up to the whole. */
async function documentRow(url: string, path: string) {
  const { html, servedBytes } = await storedPage(url)
  const parts = gzipBytesByPart(html)
  const sections = Object.entries(parts).filter(([label]) => label.startsWith('main: '))
  return {
    route: path,
    'document KB gz': kb(gzipBytes(html)),
    'as served B': servedBytes,
    ...Object.fromEntries(
      ['head', 'CSS', 'JSON-LD', 'header', 'hydration data', 'entry loader', 'other scripts', 'after main'].map(
        (label) => [label, kb(parts[label] ?? 0)],
      ),
    ),
    main: kb(sections.reduce((total, [, bytes]) => total + bytes, 0)),
    'main by section': sections.map(([label, bytes]) => `${label.slice(6)} ${kb(bytes)}`).join(', '),
  }
}

/** Home's first-load scripts by origin, largest first: where its kilobytes go (docs/performance.md). */
function firstLoadByOrigin(bodies: Body[]): Record<string, unknown>[] {
  const total = new Map<string, number>()
  for (const body of bodies)
    if (body.phase === 'first')
      for (const [origin, gzip] of body.origins ?? []) total.set(origin, (total.get(origin) ?? 0) + gzip)
  return [...total]
    .sort(([, a], [, b]) => b - a)
    .filter(([, gzip]) => gzip >= 51)
    .map(([origin, gzip]) => ({ origin, 'KB gz': kb(gzip) }))
}
