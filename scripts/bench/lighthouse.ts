// npm run bench:lighthouse — Lighthouse CI on the production build: `lhci collect` audits each route kind
// BENCH_LIGHTHOUSE_RUNS times, `lhci assert` holds the medians to docs/performance.md's budgets; the table is theirs.
// BENCH_LIGHTHOUSE_FLOOR=1: interleaved rounds of each page, its HTML without scripts and a text-only page, under
// Chrome's own throttling (devtools); with BENCH_COMPARE_WITH=<another built checkout>, that build's page beside.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import { chromiumFlags, ensureChromium } from '../../tests/support/system-deps'
import { startSiteProcess } from '../../tests/support/site-process'
import { storedDocument } from '../../tests/support/document-bytes'
import { failIfAny, median, passThrough, report, routeKinds, startPayingServer, startProductionServer } from './common'
import { seedQuoteAndInvoice } from './quote-seed'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)
// BENCH_LIGHTHOUSE_ROUTES=gallery,epoxy audits only those route kinds (names as in tests/support/route-kinds.ts,
// `quote`: the customer's quote page, and `pay`: the pay page, its card button from the Stripe stand-in).
const onlyKinds = process.env.BENCH_LIGHTHOUSE_ROUTES?.split(',').map((kind) => kind.trim())
const unknownKinds = onlyKinds?.filter((kind) => ![...routeKinds.map((r) => r.kind), 'quote', 'pay'].includes(kind))
if (unknownKinds?.length) failIfAny([`unknown route kind ${unknownKinds.join(', ')}`], 'BENCH_LIGHTHOUSE_ROUTES')
// The budgets by Lighthouse audit: LCP and TBT in ms, CLS.
const budgets = { 'largest-contentful-paint': 950, 'total-blocking-time': 50, 'cumulative-layout-shift': 0 }
const lhci = resolve('node_modules/.bin/lhci')
// Stored pages that stay fresh for the whole run. A stale one re-renders and re-compresses (brotli 11: about 0.4 s of
// CPU for home) while Chrome loads it, on the same two cores, and the simulation counts that wait as the page's TBT.
const fresh = { HTML_CACHE_SECONDS: '3600' }
/** lhci keeps its reports in `.lighthouseci` of its working folder: this run's own. */
const work = mkdtempSync(join(tmpdir(), 'lhci-'))

type Result = {
  requestedUrl: string
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue: number }>
}

/**
 * Runs `lhci <command>` in `work` with `ci` as its configuration; lhci prints each audit as it ends. Not spawnSync:
 * the floor run's pass-through answers from this process while Chrome loads through it.
 */
async function lhciRun(command: 'collect' | 'assert', ci: object, args: string[] = []): Promise<number> {
  const rc = join(work, 'lighthouserc.json')
  writeFileSync(rc, JSON.stringify({ ci }))
  const ran = spawn(lhci, [command, `--config=${rc}`, ...args], { cwd: work, stdio: 'inherit' })
  const [code] = (await once(ran, 'exit')) as [number | null]
  return code ?? 1
}

/** Audits `urls` in order, `runs` times each; a Lighthouse configuration file for the 404 page. */
async function collect(urls: string[], runs: number, lighthouseConfig?: string, throttlingMethod?: 'devtools') {
  const settings = {
    chromeFlags: chromiumFlags.join(' '),
    ...(lighthouseConfig && { configPath: lighthouseConfig }),
    ...(throttlingMethod && { throttlingMethod }),
  }
  const collected = { url: urls, numberOfRuns: runs, chromePath: ensureChromium(), settings }
  if ((await lhciRun('collect', { collect: collected }, ['--additive'])) !== 0) throw new Error(`lhci collect: ${urls}`)
}

/** Every report collected so far, by the address audited. */
function results(): Map<string, Result[]> {
  const byUrl = new Map<string, Result[]>()
  const folder = join(work, '.lighthouseci')
  for (const name of readdirSync(folder).filter((file) => /^lhr-.*\.json$/.test(file))) {
    const result = JSON.parse(readFileSync(join(folder, name), 'utf8')) as Result
    byUrl.set(result.requestedUrl, [...(byUrl.get(result.requestedUrl) ?? []), result])
  }
  return byUrl
}

/** The four categories, by their column in the routes' table. */
const SCORES = { perf: 'performance', a11y: 'accessibility', 'best-pr': 'best-practices', seo: 'seo' }
const score = (result: Result, id: string) => Math.round((result.categories[id]?.score ?? 0) * 100)
const medianOf = (runs: Result[], pick: (result: Result) => number) => median(runs.map(pick))
const lcpOf = (result: Result) => result.audits['largest-contentful-paint']!.numericValue
const clsOf = (result: Result) => result.audits['cumulative-layout-shift']!.numericValue

let failures: string[] = []
try {
  if (process.env.BENCH_LIGHTHOUSE_FLOOR) await floorRun()
  else failures = await routesRun()
} finally {
  rmSync(work, { recursive: true, force: true })
}
failIfAny(failures)

async function routesRun(): Promise<string[]> {
  const audited = (kind: string) => !onlyKinds || onlyKinds.includes(kind)
  /** Pages reached by a private link: a new token on every run, and noindex like the 404 page. */
  const TOKEN_PAGES = new Set(['quote', 'pay'])
  const dataDir = mkdtempSync(join(tmpdir(), 'lh-data-'))
  // A quote and an invoice sent with the site's own functions, before the server opens the same data folder.
  const { quotePath, payPath } = await seedQuoteAndInvoice(dataDir)
  const tokenRoutes = [
    { kind: 'quote', path: quotePath },
    { kind: 'pay', path: payPath },
  ]
  const routes = [...routeKinds, ...tokenRoutes].filter((route) => audited(route.kind))
  const start = audited('pay') ? startPayingServer : startProductionServer
  const server = await start({ DATA_DIR: dataDir, ...fresh })
  const url = (path: string) => `${server.url}${path}`
  let assertStatus = 0
  try {
    // One request first, so the audits measure the page and not the server's first render of the route.
    for (const { path } of routes) await (await fetch(url(path), { headers: { Connection: 'close' } })).arrayBuffer()
    // Lighthouse stops at a 4xx document unless told otherwise, and Chrome logs that 404 as a console error.
    const notFound = join(work, 'not-found.json')
    writeFileSync(
      notFound,
      JSON.stringify({
        extends: 'lighthouse:default',
        settings: { ignoreStatusCode: true },
        audits: [{ path: 'errors-in-console', options: { ignoredPatterns: ['status of 404'] } }],
      }),
    )
    const pages = routes.filter((route) => route.kind !== '404').map((route) => url(route.path))
    if (pages.length) await collect(pages, RUNS)
    if (audited('404')) await collect([url(routeKinds.find((route) => route.kind === '404')!.path)], RUNS, notFound)

    // Medians of each; a failed request fails best practices through errors-in-console. The noindex pages cannot
    // pass SEO's is-crawlable audit, so SEO is not asserted there.
    const median = { aggregationMethod: 'median' }
    const assertMatrix = routes.map(({ kind, path }) => ({
      matchingUrlPattern: `^${url(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      assertions: Object.fromEntries([
        ...Object.values(SCORES)
          .filter((id) => id !== 'seo' || !(kind === '404' || TOKEN_PAGES.has(kind)))
          .map((category) => [`categories:${category}`, ['error', { minScore: 1, ...median }]]),
        ...Object.entries(budgets).map(([audit, most]) => [audit, ['error', { maxNumericValue: most, ...median }]]),
      ]),
    }))
    assertStatus = await lhciRun('assert', { assert: { assertMatrix } })

    const byUrl = results()
    const rows = routes.map(({ kind, path }) => {
      const runs = byUrl.get(url(path)) ?? []
      const pick = (key: (result: Result) => number) => (runs.length ? medianOf(runs, key) : Number.NaN)
      return {
        // The token is new on every run; the table names the route.
        route: TOKEN_PAGES.has(kind) ? `/${kind}/<token>` : path,
        ...Object.fromEntries(Object.entries(SCORES).map(([column, id]) => [column, pick((r) => score(r, id))])),
        'LCP ms': Math.round(pick(lcpOf)),
        'TBT ms': Math.round(pick((result) => result.audits['total-blocking-time']!.numericValue)),
        CLS: Number(pick(clsOf).toFixed(3)),
      }
    })
    report('lighthouse', rows)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return assertStatus === 0 ? [] : ['lhci assert (above) names each audit over its budget']
}

/**
 * The text-only floor: each page (home, a service tab, a city, /contact), the same stored HTML with every script
 * removed, and a page holding only its LCP element's text, audited in turn each round so the machine's moments fall
 * on all three alike. All three come from one origin: the site behind a pass-through that answers the two floor
 * pages itself, compressed as the site stores its pages (gzip 9, decision 005). Lighthouse's default simulation
 * replays a document as one request, so it is Chrome's own network and CPU throttling here: the browser paints as
 * bytes arrive, as a phone does (decision 065).
 */
async function floorRun() {
  const site = await startProductionServer(fresh)
  const pages = new Map<string, Buffer>()
  const proxy = await passThrough(site.url, (path) => pages.get(path))
  const origin = `http://${proxy.host}`
  const otherCheckout = process.env.BENCH_COMPARE_WITH && resolve(process.env.BENCH_COMPARE_WITH)
  const other = otherCheckout
    ? await startSiteProcess(fresh, { outputDir: join(otherCheckout, '.output'), cwd: otherCheckout })
    : undefined
  const gzip = (html: string) => gzipSync(html, { level: constants.Z_BEST_COMPRESSION })
  const paths = ['/', '/services?tab=roof', '/city/folsom', '/contact']
  const variants = { site: '', ...(other && { other: '' }), 'no scripts': 'no-scripts', 'text only': 'text' }
  const urlOf = (variant: keyof typeof variants, index: number) =>
    variant === 'site'
      ? `${origin}${paths[index]}`
      : variant === 'other'
        ? `${other!.url}${paths[index]}`
        : `${origin}/floor/${index}/${variants[variant]}`
  const rows: Record<string, string | number>[] = []
  // The stored page as a browser gets it (storedDocument waits for that copy): a miss streams a live render and a
  // stale page is rendered again, which with the default 10 s freshness the audits met in about half the rounds.
  try {
    for (const [index, path] of paths.entries()) {
      if (other) await storedDocument(`${other.url}${path}`)
      const html = await storedDocument(`${origin}${path}`)
      // The hero's paragraph on every one of these pages: the element Chromium reports as their LCP.
      const paragraph = html.match(/<main[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/)
      // An icon link as the site has: without one Chrome asks for /favicon.ico (the 15 KB 404 page), and Lighthouse
      // counted it whenever it ended before the paint, so the floor read about 910 ms instead of 630 in one audit in four.
      const head = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Text only"><link rel="icon" href="data:,"><title>Text only</title></head>`
      pages.set(`/floor/${index}/no-scripts`, gzip(html.replace(/<script\b[\s\S]*?<\/script>/g, '')))
      pages.set(
        `/floor/${index}/text`,
        gzip(`${head}<body><main><h1>${paragraph?.[1] ?? ''}</h1><p>${paragraph?.[2] ?? ''}</p></main></body></html>`),
      )
    }
    const round = paths.flatMap((_, index) =>
      (Object.keys(variants) as (keyof typeof variants)[]).map((variant) => urlOf(variant, index)),
    )
    // One audit of each address a round, in turn.
    for (let i = 0; i < RUNS; i++) await collect(round, 1, undefined, 'devtools')
    const byUrl = results()
    for (const [index, path] of paths.entries()) {
      const runs = (variant: keyof typeof variants) => byUrl.get(urlOf(variant, index)) ?? []
      const lcp = (variant: keyof typeof variants) => Math.round(medianOf(runs(variant), lcpOf))
      rows.push({
        route: path,
        'site LCP ms': lcp('site'),
        ...(other && {
          'other LCP ms': lcp('other'),
          'other × text only': Number((lcp('other') / lcp('text only')).toFixed(2)),
        }),
        'no scripts': lcp('no scripts'),
        'text only': lcp('text only'),
        '× text only': Number((lcp('site') / lcp('text only')).toFixed(2)),
        'CLS (max)': Math.max(...runs('site').map(clsOf)),
        scores: Object.values(SCORES)
          .map((id) => medianOf(runs('site'), (r) => score(r, id)))
          .join('/'),
      })
    }
  } finally {
    await proxy.close()
    await site.stop()
    await other?.stop()
  }
  report('lighthouse-floor', rows)
}
