// npm run bench:memory — the production server's RSS on each database: after a first start on an empty data
// folder (home warmed up), then after 500 page views and 50 leads. PostgreSQL is a throwaway PostgreSQL 15 cluster
// (tests/support/postgres.ts) whose own processes are not counted. PGlite fails over budget at either point.
import { readFileSync } from 'node:fs'
import { cities } from '../../app/content/cities'
import { startPostgres } from '../../tests/support/postgres'
import { startSiteProcess, type SiteProcess } from '../../tests/support/site-process'
import { freshDatabaseUrl } from '../../tests/support/test-database'
import { contactFormToken, failIfAny, postLeadForm, report, routeKinds } from './common'

const PAGE_VIEWS = 500
const LEADS = 50
const CONCURRENCY = 4
const PGLITE_BUDGET_MB = 350

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

const paths = [...routeKinds.map((route) => route.path), ...cities.map((city) => `/city/${city.slug}`)]

async function pageViews(site: SiteProcess): Promise<number> {
  let next = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PAGE_VIEWS) {
        const path = paths[next++ % paths.length]!
        const response = await fetch(`${site.url}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })
        await response.arrayBuffer()
        if (response.status >= 500) failed++
      }
    }),
  )
  return failed
}

/** LEADS leads by the no-JavaScript form; each must be stored. */
async function leads(site: SiteProcess) {
  const formToken = await contactFormToken(site.url)
  for (let i = 0; i < LEADS; i++)
    await postLeadForm(site.url, { firstName: `Bench${i}`, email: `bench${i}@example.com`, formToken })
}

async function measure(database: string, env: Record<string, string>) {
  const site = await startSiteProcess({ QUOTE_RATE_LIMIT: '0', QUOTE_MIN_FILL_MS: '0', ...env })
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const atStart = memory(site.pid)
    const failedViews = await pageViews(site)
    await leads(site)
    await new Promise((resolve) => setTimeout(resolve, 3000)) // the outbox sends after answering
    const after = memory(site.pid)
    console.log(`${database}: ${PAGE_VIEWS} views (${failedViews} failed), ${LEADS} leads stored`)
    return {
      database,
      'RSS at start (MB)': atStart.rss,
      'RSS after (MB)': after.rss,
      'peak RSS (MB)': after.peak,
      'leads stored': LEADS,
    }
  } finally {
    await site.stop()
  }
}

const rows = [await measure('PGlite', {})]
const cluster = await startPostgres()
try {
  rows.push(await measure('PostgreSQL 15', { DATABASE_URL: (await freshDatabaseUrl(cluster.adminUrl))! }))
} finally {
  await cluster.stop()
}

report('memory', rows)
// At start: initdb's extra WebAssembly instances must be given back once the worker that ran them exits.
const { 'RSS at start (MB)': pgliteStart, 'RSS after (MB)': pgliteAfter } = rows[0]!
if (Math.max(pgliteStart, pgliteAfter) > PGLITE_BUDGET_MB)
  failIfAny([`PGlite: ${pgliteStart} MB after a first start, ${pgliteAfter} MB after the load (≤ ${PGLITE_BUDGET_MB})`])
