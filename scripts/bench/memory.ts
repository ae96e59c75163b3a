// npm run bench:memory — the production server's RSS in both modes: after a first start on an empty data folder
// (home warmed up), then after 500 page views and 50 leads; Supabase mode against the tests' local stand-in
// (PostgreSQL 15 + Deno). Embedded mode fails over budget at either point.
import { readFileSync } from 'node:fs'
import { cities } from '../../app/content/cities'
import { startSupabaseStub } from '../../e2e/support/supabase-stub'
import { startLocalSupabase } from '../../tests/support/supabase-local'
import { writeSharedFiles } from '../../tests/support/supabase-shared'
import { startSiteProcess, type SiteProcess } from '../../tests/support/site-process'
import { contactFormToken, report, routeKinds } from './common'

const PAGE_VIEWS = 500
const LEADS = 50
const CONCURRENCY = 4
const EMBEDDED_BUDGET_MB = 350

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

async function leads(site: SiteProcess): Promise<number> {
  const formToken = await contactFormToken(site.url)
  let sent = 0
  for (let i = 0; i < LEADS; i++) {
    const response = await fetch(`${site.url}/quote-request`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: `Bench${i}`,
        email: `bench${i}@example.com`,
        phone: '9165550101',
        sourcePage: '/contact',
        formToken,
      }),
    })
    if (response.headers.get('location')?.includes('status=sent')) sent++
    else throw new Error(`lead ${i} not stored: ${response.status} ${response.headers.get('location')}`)
  }
  return sent
}

async function measure(mode: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  const site = await startSiteProcess({ QUOTE_RATE_LIMIT: '0', QUOTE_MIN_FILL_MS: '0', ...env })
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const atStart = memory(site.pid)
    const failedViews = await pageViews(site)
    const sent = await leads(site)
    await new Promise((resolve) => setTimeout(resolve, 3000)) // the embedded outbox sends after answering
    const after = memory(site.pid)
    console.log(`${mode}: ${PAGE_VIEWS} views (${failedViews} failed), ${sent}/${LEADS} leads stored`)
    return {
      mode,
      'RSS at start (MB)': atStart.rss,
      'RSS after (MB)': after.rss,
      'peak RSS (MB)': after.peak,
      'leads stored': sent,
    }
  } finally {
    await site.stop()
  }
}

const rows = [await measure('embedded', {})]

// The functions import copies of app/ modules, as `npm run test:supabase` makes them first.
writeSharedFiles()
const rest = await startSupabaseStub()
const local = await startLocalSupabase({ restFallbackUrl: rest.url })
try {
  rows.push(await measure('supabase', { SUPABASE_URL: local.url, SUPABASE_ANON_KEY: local.keys.anon }))
} finally {
  await local.stop()
  await rest.stop()
}

report('memory', rows, ['mode', 'RSS at start (MB)', 'RSS after (MB)', 'peak RSS (MB)', 'leads stored'])
// At start: initdb's extra WebAssembly instances must be given back once the worker that ran them exits.
const embeddedStart = Number(rows[0]!['RSS at start (MB)'])
const embeddedAfter = Number(rows[0]!['RSS after (MB)'])
if (embeddedStart > EMBEDDED_BUDGET_MB || embeddedAfter > EMBEDDED_BUDGET_MB) {
  console.error(
    `\nEmbedded mode: ${embeddedStart} MB resident after a first start, ${embeddedAfter} MB after the load (budget ${EMBEDDED_BUDGET_MB} each).`,
  )
  process.exit(1)
}
