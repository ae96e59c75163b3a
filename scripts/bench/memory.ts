// npm run bench:memory — the production server's resident memory (VmRSS) on PGlite, then on a throwaway PostgreSQL
// 15 whose own processes are not counted: after the start, after five 12 MP phone photos as JPEG and again as HEIC,
// and after each of 10 rounds of 1,000 mixed requests (pages, a quote page, a pay page, signed Stripe events at the
// local stand-in's API, 404s, images, leads). PGlite fails over 350 MB at any of those points or while the requests
// run; the peaks while the work runs are reported beside them.
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { cities } from '../../app/content/cities'
import { heicOf } from '../../tests/support/phone-photo-tags'
import { startPostgres } from '../../tests/support/postgres'
import type { SiteProcess } from '../../tests/support/site-process'
import { freshDataDir, freshDatabaseUrl } from '../../tests/support/test-database'
import { postForm } from '../../e2e/support/lead-form'
import { contactFormToken, failIfAny, inParallel, postLeadForm, postPhotos, report, routeKinds, rssMb } from './common'
import { rssAround, startPayingServer } from './common'
import { seedQuoteAndInvoice } from './quote-seed'

const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10)
const REQUESTS_PER_ROUND = 1000
const CONCURRENCY = 8
const PGLITE_BUDGET_MB = 350
// BENCH_MEMORY_ROUNDS=3 for a quicker look.
/** Long enough for the outbox to send and the collector to run once the work is done. */
const SETTLE_MS = 3000

// A phone's 12 MP photo (4032 × 3024) of a real scene: the hero picture, enlarged, as JPEG and as HEIC.
const photoFile = `${process.env.TMPDIR ?? '/tmp'}/bench-memory-12mp.jpg`
await sharp('images/hero.jpg').resize(4032, 3024, { fit: 'cover' }).jpeg({ quality: 90 }).toFile(photoFile)
const photos = {
  JPEG: new Blob([new Uint8Array(readFileSync(photoFile))]),
  HEIC: new Blob([new Uint8Array(heicOf(photoFile))]),
}

const postLead = (site: SiteProcess, n: number, formToken: string) =>
  postLeadForm(site.url, { firstName: `Bench${n}`, email: `bench${n}@example.com`, formToken })

async function uploadFive(site: SiteProcess, token: string, photo: Blob) {
  const response = await postPhotos(site.url, token, Array(5).fill(photo))
  const body = await response.json()
  if (body.added !== 5) throw new Error(`photos not stored: ${response.status} ${JSON.stringify(body)}`)
}

const pagePaths = [...routeKinds.map((route) => route.path), ...cities.map((city) => `/city/${city.slug}`)]

/** "Pay by card" on the pay page, as its plain form posts it: the session it sends the customer to. */
async function checkoutSession(site: SiteProcess, payPath: string): Promise<string> {
  const response = await postForm(site.url, payPath, {})
  const session = response.headers.get('location')?.match(/\/c\/pay\/(cs_\w+)/)?.[1]
  if (!session) throw new Error(`no Checkout Session: ${response.status} ${response.headers.get('location')}`)
  return session
}

/**
 * What the mix reaches besides pages: the contact form's token, an image, a quote's and an invoice's pages, and the
 * Checkout Session "Pay by card" made at the stand-in, which the events name.
 */
async function fixturesOf(site: PayingSite, { quotePath, payPath }: { quotePath: string; payPath: string }) {
  const formToken = await contactFormToken(site.url)
  const imagePath = (await (await fetch(`${site.url}/`)).text()).match(/\/img\/[\w.-]+\.avif/)?.[0] ?? '/favicon.ico'
  const sessionId = await checkoutSession(site, payPath)
  return { formToken, imagePath, quotePath, payPath, sessionId }
}
type Fixtures = Awaited<ReturnType<typeof fixturesOf>>
type PayingSite = Awaited<ReturnType<typeof startPayingServer>>

/** A new event about the session, as Stripe sends it: the site reads the session back from the stand-in. */
async function stripeEvent(site: PayingSite, sessionId: string): Promise<number> {
  const delivery = await site.stripe.emit('checkout.session.completed', site.stripe.objects.get(sessionId)!)
  if (delivery?.answer !== 'Recorded\n') throw new Error(`event not recorded: ${delivery?.status}`)
  return delivery.status!
}

/**
 * Request `i` of the mix, by its last digit: a page (0–2, 8), the quote page, the pay page, a page with an ad-click
 * query, an image, a 404 and a Stripe event by turns (7), a lead (9).
 */
async function mixedRequest(site: PayingSite, i: number, fixtures: Fixtures): Promise<number> {
  const kind = i % 10
  if (kind === 9) return postLead(site, i, fixtures.formToken).then(() => 200)
  if (kind === 7 && i % 20 === 17) return stripeEvent(site, fixtures.sessionId)
  const page = pagePaths[i % pagePaths.length]!
  const others: Record<number, string> = {
    3: fixtures.quotePath,
    4: fixtures.payPath,
    5: `${page}${page.includes('?') ? '&' : '?'}gclid=${i}`,
    6: fixtures.imagePath,
    7: `/no-such-page-${i}`,
  }
  const response = await fetch(`${site.url}${others[kind] ?? page}`, { headers: { 'Accept-Encoding': 'gzip, br' } })
  await response.arrayBuffer()
  return response.status
}

async function measure(database: string, env: Record<string, string>) {
  const dataDir = freshDataDir()
  // A quote waiting for its answer and an invoice, made by the owner's and the customer's own calls.
  const tokenPages = await seedQuoteAndInvoice(dataDir, env.DATABASE_URL)
  const site = await startPayingServer({ QUOTE_RATE_LIMIT: '0', QUOTE_MIN_FILL_MS: '0', DATA_DIR: dataDir, ...env })
  try {
    await sleep(2000)
    const start = rssMb(site.pid)
    // RSS sampled every 50 ms while the work runs, and once it settled.
    const measured = (work: () => Promise<unknown>) => rssAround(site.pid, 50, work, SETTLE_MS)
    const fixtures = await fixturesOf(site, tokenPages)
    const { formToken } = fixtures
    const jpeg = await measured(async () => uploadFive(site, await postLead(site, -1, formToken), photos.JPEG))
    const heic = await measured(async () => uploadFive(site, await postLead(site, -2, formToken), photos.HEIC))
    const rounds: number[] = []
    let failed = 0
    const requests = await measured(async () => {
      for (let i = 0; i < ROUNDS; i++) {
        // A round of mixed requests, CONCURRENCY at a time, counting the 5xx answers.
        await inParallel(REQUESTS_PER_ROUND, CONCURRENCY, async (n) => {
          if ((await mixedRequest(site, n, fixtures)) >= 500) failed++
        })
        rounds.push(rssMb(site.pid))
      }
    })
    console.log(`${database}: RSS after each round of ${REQUESTS_PER_ROUND}: ${rounds.join(', ')} MB`)
    return {
      database,
      'start (MB)': start,
      '5 JPEG: peak / after': `${jpeg.peakMb} / ${jpeg.after}`,
      '5 HEIC: peak / after': `${heic.peakMb} / ${heic.after}`,
      [`${ROUNDS * REQUESTS_PER_ROUND} requests: peak / after`]: `${requests.peakMb} / ${requests.after}`,
      '5xx answers': failed,
      // Through the requests, their peak: the photos' own peaks pass with V8's next collection.
      worst: Math.max(start, jpeg.after, heic.after, requests.peakMb),
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
if (rows[0]!.worst > PGLITE_BUDGET_MB) failIfAny([`PGlite: ${rows[0]!.worst} MB (≤ ${PGLITE_BUDGET_MB})`])
