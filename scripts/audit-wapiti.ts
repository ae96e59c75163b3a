// npm run audit:wapiti — Debian's wapiti (default modules) over https through deploy/Caddyfile, as deployed, against
// the production build: every route kind, the owner's sign-in, a real quote page and a real pay page (card button
// from the Stripe stand-in) as start addresses. Exits 1 on a finding, a 5xx or an error line from the server.
// Debian 12's wapiti is 3.0.4; a check later versions dropped is printed and not counted (decision 052).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCaddy } from '../e2e/support/caddy'
import { ensureCommand } from '../tests/support/system-deps'
import { failIfAny, passThrough, routeKinds, startPayingServer } from './bench/common'
import { seedQuoteAndInvoice } from './bench/quote-seed'

type Finding = { method: string; path: string; info: string; parameter: string }
type Report = Record<'vulnerabilities' | 'anomalies' | 'additionals', Record<string, Finding[]>>

const WITHDRAWN = new Set(['X-XSS-Protection is not set'])

ensureCommand('wapiti', 'wapiti')
ensureCommand('caddy', 'caddy')
const work = mkdtempSync(join(tmpdir(), 'wapiti-'))
const dataDir = join(work, 'data')
mkdirSync('bench-results', { recursive: true })
const cleanUp: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })]
const failures: string[] = []
try {
  const tokenPages = Object.values(await seedQuoteAndInvoice(dataDir))
  const server = await startPayingServer({
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    // Its attacks reach the lead handler rather than the limit's 429 (the limit has its own tests).
    QUOTE_RATE_LIMIT: '100000',
  })
  cleanUp.push(() => server.stop())
  // Between Caddy and the site: counts the site's 5xx answers, and a site it could not reach.
  const counter = await passThrough(server.url)
  cleanUp.push(counter.close)
  const front = await startCaddy(counter.host)
  cleanUp.push(() => front.stop())

  const base = `https://${front.host}:${front.httpsPort}`
  const starts = [...routeKinds.map(({ path }) => path), '/owner/sign-in', ...tokenPages]
  const [reportFile, logFile] = ['bench-results/wapiti-report.json', 'bench-results/wapiti.log']
  // gzip forced: 3.0.4's crawler asks for brotli, which it cannot decode, and then misses the forms of those pages.
  const args = ['-u', `${base}/`, ...starts.flatMap((path) => ['-s', base + path]), '-H', 'Accept-Encoding: gzip']
  args.push('--no-bugreport', '-v', '1', '-f', 'json', '-o', reportFile)
  const started = Date.now()
  // HOME: its session and databases stay in the run's folder. LANG: its messages in English, as WITHDRAWN has them.
  const env = { ...process.env, HOME: work, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' }
  const scan = spawn('wapiti', args, { env, stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] })
  const [code] = (await once(scan, 'exit')) as [number | null]
  if (code !== 0) failures.push(`wapiti exited with ${code}`)
  const log = readFileSync(logFile, 'utf8')

  const withdrawn: string[] = []
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report
  for (const kind of ['vulnerabilities', 'anomalies', 'additionals'] as const)
    for (const [category, findings] of Object.entries(report[kind]))
      for (const { method, path, info, parameter } of findings) {
        const line = `${kind} / ${category}: ${method} ${path}${parameter ? ` (${parameter})` : ''}: ${info}`
        ;(WITHDRAWN.has(info) ? withdrawn : failures).push(line)
      }
  failures.push(...counter.errors.map((answer) => `answered ${answer}`))
  const logged = server
    .output()
    .split('\n')
    .filter((line) => /"level":"(error|fatal)"/.test(line))
  failures.push(...logged.map((line) => `server error line: ${line.slice(0, 300)}`))
  const ended = server.ended()
  if (ended.code !== null || ended.signal !== null) failures.push(`the server stopped: ${JSON.stringify(ended)}`)
  for (const line of withdrawn) console.log(`dropped by later wapiti, not counted: ${line}`)
  console.log(
    `${log.match(/Wapiti-[\d.]+/)?.[0]} on ${base}: ${starts.length} start addresses, ` +
      `${log.match(/Wapiti found (\d+) URLs and forms/)?.[1] ?? '?'} URLs and forms, ${failures.length} findings ` +
      `(${withdrawn.length} not counted), ${Math.round((Date.now() - started) / 1000)} s (${reportFile}, ${logFile})`,
  )
} finally {
  for (const step of cleanUp.reverse()) await step()
}
failIfAny(failures, 'Found')
