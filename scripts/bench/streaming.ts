// npm run bench:streaming — what a visitor waits for on a page the cache has not stored while a read is slow:
// the reviews come from Google through a local stand-in of the Places API that answers after BENCH_SLOW_MS (6 s).
// First byte, the h1's bytes and the last byte of /reviews on a server that has just started, then of the stored copy.
import { setTimeout as sleep } from 'node:timers/promises'
import { googleReviewsEnv, placeAnswer, startHttpStub } from '../../e2e/support/http-stub'
import { failIfAny, report, startProductionServer, until } from './common'

const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 6000)
const FIRST_BYTE_BUDGET_MS = 200
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const REVIEW = { author: 'Dana K.', rating: 5, text: 'Driveway looks new.', date: '2025-05-02' }

async function timedVisit(url: string) {
  const started = performance.now()
  const response = await fetch(url, { headers: { 'User-Agent': BROWSER, 'Accept-Encoding': 'identity' } })
  const chunks: Uint8Array[] = []
  let firstByte = NaN
  let heading = NaN
  for await (const value of response.body!) {
    if (chunks.length === 0) firstByte = performance.now() - started
    chunks.push(value)
    if (Number.isNaN(heading) && /<h1\b/.test(Buffer.concat(chunks).toString('utf8')))
      heading = performance.now() - started
  }
  const html = Buffer.concat(chunks).toString('utf8')
  return {
    firstByte,
    heading,
    end: performance.now() - started,
    cache: response.headers.get('x-page-cache') ?? 'miss',
    withReviews: html.includes(REVIEW.text),
  }
}

// A stand-in of Google's Places API: every answer SLOW_MS late.
const places = await startHttpStub(() => ({ ...placeAnswer([REVIEW]), until: sleep(SLOW_MS) }))
// Once it listens: its start-up render has just asked for the reviews, which arrive SLOW_MS later.
const server = await startProductionServer(googleReviewsEnv(places), true)
const visits: Awaited<ReturnType<typeof timedVisit>>[] = []
try {
  // A load balancer sends visitors once /readyz says the database is open (docs/deploy.md); the reviews are
  // still on their way then.
  await until('/readyz', async () => (await fetch(`${server.url}/readyz`)).ok)
  visits.push(await timedVisit(`${server.url}/reviews`))
  await sleep(500)
  visits.push(await timedVisit(`${server.url}/reviews`))
} finally {
  await server.stop()
  await places.stop()
}
const rows = visits.map((result, i) => ({
  visit: i ? 'next visit' : 'first visit',
  cache: result.cache,
  'first byte ms': Math.round(result.firstByte),
  'h1 ms': Math.round(result.heading),
  'last byte ms': Math.round(result.end),
  'reviews in it': result.withReviews,
}))
report('streaming', rows)
const firstByte = rows[0]!['first byte ms']
if (firstByte > FIRST_BYTE_BUDGET_MS)
  failIfAny([`first byte of a first /reviews ${firstByte} ms (≤ ${FIRST_BYTE_BUDGET_MS})`])
