// npm run bench:streaming — what a visitor waits for on a page the cache has not stored while a read is slow:
// the reviews come from Google through a local stand-in of the Places API that answers after BENCH_SLOW_MS (6 s).
// First byte, the h1's bytes and the last byte of /reviews on a server that has just started, then of the stored copy.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { failIfAny, report, startProductionServer, until } from './common'

const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 6000)
const FIRST_BYTE_BUDGET_MS = 200
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'
const REVIEW = { name: 'places/bench/reviews/1', rating: 5, text: { text: 'Driveway looks new.' } }

async function timedVisit(url: string) {
  const started = performance.now()
  const response = await fetch(url, { headers: { 'User-Agent': BROWSER, 'Accept-Encoding': 'identity' } })
  const reader = response.body!.getReader()
  const chunks: Uint8Array[] = []
  let firstByte = NaN
  let heading = NaN
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
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
    withReviews: html.includes(REVIEW.text.text),
  }
}

// A stand-in of Google's Places API: every answer SLOW_MS late.
const places = createServer((_, response) => {
  const review = { ...REVIEW, publishTime: '2025-05-02T10:00:00Z', authorAttribution: { displayName: 'Dana K.' } }
  setTimeout(
    () => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ reviews: [review] })),
    SLOW_MS,
  )
})
await new Promise<void>((listening) => places.listen(0, '127.0.0.1', listening))
const placesUrl = `http://127.0.0.1:${(places.address() as AddressInfo).port}`
// Once it listens: its start-up render has just asked for the reviews, which arrive SLOW_MS later.
const server = await startProductionServer(
  { GOOGLE_PLACES_API_KEY: 'bench', GOOGLE_PLACE_ID: 'bench', GOOGLE_PLACES_API_BASE: placesUrl },
  true,
)
const visits: Awaited<ReturnType<typeof timedVisit>>[] = []
try {
  // A load balancer sends visitors once /readyz says the database is open (docs/deploy.md); the reviews are
  // still on their way then.
  await until('/readyz', async () => (await fetch(`${server.url}/readyz`)).ok)
  visits.push(await timedVisit(`${server.url}/reviews`))
  await new Promise((resolve) => setTimeout(resolve, 500))
  visits.push(await timedVisit(`${server.url}/reviews`))
} finally {
  await server.stop()
  places.close()
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
failIfAny(
  firstByte <= FIRST_BYTE_BUDGET_MS
    ? []
    : [`first byte of a first /reviews ${firstByte} ms (≤ ${FIRST_BYTE_BUDGET_MS})`],
)
