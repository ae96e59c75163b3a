// npm run bench:ssr — wrk throughput of three pages against the floor (/robots.txt, no React), with the page
// cache on and off; and `/` with random ad-click, unknown and ?cities parameters, which must cost no more than `/`
// (the stored page of `/`; a refused ?cities value gets the router's redirect to it, decision 039).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureCommand } from '../../tests/support/system-deps'
import { failIfAny, report, requestsPerSecond, runWrk, startProductionServer } from './common'

ensureCommand('wrk', 'wrk')
const HOME_RATIO_BUDGET = 0.5
const HOME_P99_BUDGET_MS = 80
/** Pages asked for with random parameters are served the stored page of `/`: as fast as `/` itself. */
const RANDOM_QUERY_RATIO_BUDGET = 0.9
const duration = process.env.BENCH_SSR_SECONDS ?? '10'
/** Each random page's query, as a Lua expression in `r()`, a new random number per call. */
const randomQueries: Record<string, string> = {
  '/?utm_*=…&gclid=…&fbclid=… (random)':
    '"utm_source=" .. r() .. "&utm_medium=cpc&utm_campaign=" .. r() .. "&utm_term=" .. r() .. "&gclid=" .. r() .. "&gbraid=" .. r() .. "&fbclid=" .. r() .. "&msclkid=" .. r()',
  '/?x=… (random)': '"x=" .. r()',
  '/?cities=… (random)': '"cities=" .. r()',
}
const pages = ['/robots.txt', '/', ...Object.keys(randomQueries), '/services?tab=roof', '/city/folsom']

/** A wrk script asking for `/` with a new random query on every request. */
function randomQueryScript(query: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-ssr-')), 'random-query.lua')
  const lua = `math.randomseed(os.time() + math.floor(os.clock() * 1e6))
request = function()
  local r = function() return tostring(math.random(1, 2147483647)) end
  return wrk.format(nil, "/?" .. ${query})
end
`
  writeFileSync(file, lua)
  return file
}

async function wrk(url: string, seconds: number | string, script?: string) {
  const options = ['-t2', '-c32', `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br, gzip']
  const out = await runWrk([...options, ...(script ? ['-s', script] : []), url])
  /** A latency percentile in ms (wrk writes 950.00us, 1.20ms or 1.05s). */
  const percentile = (p: number) => {
    const [, value, unit] = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`)) ?? []
    return Number(value ?? NaN) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1)
  }
  const errors = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0)
  return { rps: requestsPerSecond(out), p50: percentile(50), p99: percentile(99), errors }
}

/** After thousands of random addresses, `/` must still be a stored page, not pushed out by them. */
async function expectHomeStillStored(url: string, after: string) {
  const state = (await fetch(`${url}/`)).headers.get('x-page-cache')
  if (state !== 'hit') failures.push(`/ was not a stored page after ${after} (X-Page-Cache: ${state})`)
}

const failures: string[] = []

/** Every page in one server, after a warm-up; returns one row per page with its ratio to the floor. */
async function measure(label: string, env: Record<string, string>) {
  const server = await startProductionServer(env)
  const results = new Map<string, Awaited<ReturnType<typeof wrk>>>()
  const scripts = new Map(Object.entries(randomQueries).map(([page, query]) => [page, randomQueryScript(query)]))
  const run = (path: string, seconds: number | string) =>
    scripts.has(path) ? wrk(`${server.url}/`, seconds, scripts.get(path)) : wrk(`${server.url}${path}`, seconds)
  try {
    for (const path of pages) await run(path, 2) // warm-up: JIT, caches
    for (const path of pages) {
      results.set(path, await run(path, duration))
      if (scripts.has(path) && env.HTML_CACHE_SECONDS !== '0') await expectHomeStillStored(server.url, path)
    }
  } finally {
    await server.stop()
  }
  const floor = Math.round(results.get(pages[0]!)!.rps)
  return [...results].map(([page, result]) => ({
    server: label,
    page,
    'req/s': Math.round(result.rps),
    'p50 ms': result.p50.toFixed(1),
    'p99 ms': result.p99.toFixed(1),
    'vs floor': (Math.round(result.rps) / floor).toFixed(2),
    errors: result.errors,
  }))
}

// As deployed (page cache on), which the budget is about; then with every request rendered, for the record.
const rows = await measure('page cache', {})
const renderedRows = await measure('render each', { HTML_CACHE_SECONDS: '0' })
report('ssr', [...rows, ...renderedRows])

const home = rows.find((row) => row.page === '/')!
for (const page of Object.keys(randomQueries)) {
  const ratio = rows.find((row) => row.page === page)!['req/s'] / home['req/s']
  console.log(`\n${page}: ${ratio.toFixed(2)}× the throughput of plain / (page cache on)`)
  if (ratio < RANDOM_QUERY_RATIO_BUDGET)
    failures.push(`${page} ${ratio.toFixed(2)}× plain / (budget ≥ ${RANDOM_QUERY_RATIO_BUDGET})`)
}
if (Number(home['vs floor']) < HOME_RATIO_BUDGET)
  failures.push(`home throughput ${home['vs floor']}× the floor (budget ≥ ${HOME_RATIO_BUDGET})`)
if (Number(home['p99 ms']) > HOME_P99_BUDGET_MS)
  failures.push(`home p99 ${home['p99 ms']} ms (budget ≤ ${HOME_P99_BUDGET_MS})`)
if ([...rows, ...renderedRows].some((row) => row.errors > 0)) failures.push('non-2xx responses')
failIfAny(failures)
