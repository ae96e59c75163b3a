// npm run bench:memory — the production server's resident memory (VmRSS) on PGlite, then on a throwaway PostgreSQL
// 15 whose own processes are not counted: after the start, after five 12 MP phone photos as JPEG and again as HEIC,
// and after each of 10 rounds of 1,000 mixed requests (pages, 404s, images, leads). PGlite fails over 350 MB at any of
// those points; the peaks while the work runs are reported beside them.
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { cities } from '../../app/content/cities'
import { heicOf } from '../../tests/support/phone-photo-tags'
import { startPostgres } from '../../tests/support/postgres'
import { startSiteProcess, type SiteProcess } from '../../tests/support/site-process'
import { freshDatabaseUrl } from '../../tests/support/test-database'
import { contactFormToken, failIfAny, postLeadForm, report, routeKinds, rssMb } from './common'

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10)
const REQUESTS_PER_ROUND = 1000
const CONCURRENCY = 8
const PGLITE_BUDGET_MB = 350
// BENCH_MEMORY_ROUNDS=3 for a quicker look, BENCH_MEMORY_PGLITE_ONLY=1 to skip PostgreSQL.
/** Long enough for the outbox to send and the collector to run once the work is done. */
const SETTLE_MS = 3000

// A phone's 12 MP photo (4032 × 3024) of a real scene: the hero picture, enlarged, as JPEG and as HEIC.
const photoFile = `${process.env.TMPDIR ?? '/tmp'}/bench-memory-12mp.jpg`
await sharp('images/hero.jpg').resize(4032, 3024, { fit: 'cover' }).jpeg({ quality: 90 }).toFile(photoFile)
const photos = {
  JPEG: new Blob([new Uint8Array(readFileSync(photoFile))]),
  HEIC: new Blob([new Uint8Array(heicOf(photoFile))]),
}

/** Runs `work` while sampling RSS every 50 ms; then the peak, and the RSS once settled. */
async function measured(site: SiteProcess, work: () => Promise<unknown>) {
  let peak = rssMb(site.pid)
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(site.pid))), 50)
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  await sleep(SETTLE_MS)
  return { peak: Math.max(peak, rssMb(site.pid)), after: rssMb(site.pid) }
}

const postLead = (site: SiteProcess, n: number, formToken: string) =>
  postLeadForm(site.url, { firstName: `Bench${n}`, email: `bench${n}@example.com`, formToken })

async function uploadFive(site: SiteProcess, token: string, photo: Blob) {
  const form = new FormData()
  form.set('token', token)
  for (let i = 0; i < 5; i++) form.append('photos', photo, `IMG_${i}`)
  const response = await fetch(`${site.url}/quote-photos`, {
    method: 'POST',
    body: form,
    headers: { Origin: site.url, Accept: 'application/json' },
  })
  const body = await response.json()
  if (body.added !== 5) throw new Error(`photos not stored: ${response.status} ${JSON.stringify(body)}`)
}

const pagePaths = [...routeKinds.map((route) => route.path), ...cities.map((city) => `/city/${city.slug}`)]

/** Request `i` of the mix: 6 in 10 a page, then a page with an ad-click query, an image, a 404 and a lead. */
async function mixedRequest(site: SiteProcess, i: number, formToken: string, imagePath: string): Promise<number> {
  if (i % 10 === 9) return postLead(site, i, formToken).then(() => 200)
  const page = pagePaths[i % pagePaths.length]!
  const others = [`${page}${page.includes('?') ? '&' : '?'}gclid=${i}`, imagePath, `/no-such-page-${i}`]
  const response = await fetch(`${site.url}${others[(i % 10) - 6] ?? page}`, {
    headers: { 'Accept-Encoding': 'gzip, br' },
  })
  await response.arrayBuffer()
  return response.status
}

/** A round of mixed requests, CONCURRENCY at a time; how many were answered 5xx. */
async function round(site: SiteProcess, formToken: string, imagePath: string): Promise<number> {
  let next = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUND) if ((await mixedRequest(site, next++, formToken, imagePath)) >= 500) failed++
    }),
  )
  return failed
}

async function measure(database: string, env: Record<string, string>) {
  const site = await startSiteProcess({ QUOTE_RATE_LIMIT: '0', QUOTE_MIN_FILL_MS: '0', ...env })
  try {
    await sleep(2000)
    const start = rssMb(site.pid)
    const formToken = await contactFormToken(site.url)
    const imagePath = (await (await fetch(`${site.url}/`)).text()).match(/\/img\/[\w.-]+\.avif/)?.[0] ?? '/favicon.ico'
    const jpeg = await measured(site, async () => uploadFive(site, await postLead(site, -1, formToken), photos.JPEG))
    const heic = await measured(site, async () => uploadFive(site, await postLead(site, -2, formToken), photos.HEIC))
    const rounds: number[] = []
    let failed = 0
    const requests = await measured(site, async () => {
      for (let i = 0; i < ROUNDS; i++) {
        failed += await round(site, formToken, imagePath)
        rounds.push(rssMb(site.pid))
      }
    })
    console.log(`${database}: RSS after each round of ${REQUESTS_PER_ROUND}: ${rounds.join(', ')} MB`)
    return {
      database,
      'start (MB)': start,
      '5 JPEG: peak / after': `${jpeg.peak} / ${jpeg.after}`,
      '5 HEIC: peak / after': `${heic.peak} / ${heic.after}`,
      [`${ROUNDS * REQUESTS_PER_ROUND} requests: peak / after`]: `${requests.peak} / ${requests.after}`,
      '5xx answers': failed,
      worst: Math.max(start, jpeg.after, heic.after, ...rounds, requests.after),
    }
  } finally {
    await site.stop()
  }
}

const rows = [await measure('PGlite', {})]
if (!process.env.BENCH_MEMORY_PGLITE_ONLY) {
  const cluster = await startPostgres()
  try {
    rows.push(await measure('PostgreSQL 15', { DATABASE_URL: (await freshDatabaseUrl(cluster.adminUrl))! }))
  } finally {
    await cluster.stop()
  }
}
report('memory', rows)
if (rows[0]!.worst > PGLITE_BUDGET_MB) failIfAny([`PGlite: ${rows[0]!.worst} MB (≤ ${PGLITE_BUDGET_MB})`])
