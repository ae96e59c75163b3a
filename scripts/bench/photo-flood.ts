// npm run bench:photo-flood — hostile photo uploads against the production server (decision 051): the 9984 × 9984
// HEIC of issue 52 with a valid token, then replayed on it; four simultaneous 75 MB uploads with a bad token; a
// 20000 × 20000 PNG with a valid token. /healthz is probed every 100 ms throughout; the server's RSS is read from
// /proc. Any scenario over its budget fails the run. BUILD_OUTPUT_DIR=… measures another build (main's, say).
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { flatPng, hugeHeic } from '../../tests/support/huge-heic'
import { postLeadForm, postPhotos, report, rssAround, rssMb, startProductionServer } from './common'

const HEALTHZ_BUDGET_MS = 100
const RSS_AFTER_BUDGET_MB = 400
const FLOOD_GROWTH_BUDGET_MB = 50
const PNG_GROWTH_BUDGET_MB = 150

// Each upload comes from its own address (X-Forwarded-For, believed from loopback): the per-client limit of 10
// uploads would otherwise answer 429 before the token is ever looked at.
const server = await startProductionServer({
  QUOTE_RATE_LIMIT: '1000',
  QUOTE_MIN_FILL_MS: '0',
  TRUST_PROXY: 'loopback',
})
let client = 0

/**
 * `send`'s answers while /healthz is probed every 100 ms and RSS sampled every 20 ms: RSS before it, the slowest
 * answer and the peak.
 */
async function watched(send: () => Promise<string[]>) {
  let running = true
  let slowest = 0
  const probes = (async () => {
    while (running) {
      const start = performance.now()
      await fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer())
      const took = performance.now() - start
      slowest = Math.max(slowest, took)
      await sleep(Math.max(0, 100 - took))
    }
  })()
  const { result: answers, before, peakMb } = await rssAround(server.pid, 20, send)
  running = false
  await probes
  return { answers, before, slowestMs: Math.round(slowest), peakMb }
}

/** A stored lead's photo token, as the no-JavaScript quote form gets it (with the token /contact was rendered with). */
async function photoToken(n: number): Promise<string> {
  const token = await postLeadForm(server.url, { firstName: `Flood${n}`, email: `flood${n}@example.com` })
  if (!token) throw new Error('no photo token')
  return token
}

/**
 * The upload's answer, from an address of its own. Blobs made before the probes start: copying 300 MB here would
 * stall this process's own probes, not the server.
 */
async function upload(token: string, photos: Blob[]): Promise<string> {
  try {
    const response = await postPhotos(server.url, token, photos, { 'X-Forwarded-For': `203.0.113.${++client}` })
    await response.arrayBuffer()
    return String(response.status)
  } catch (error) {
    return `error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`
  }
}

/** "5× 415, 2× 403", in order of first appearance. */
function tally(answers: string[]): string {
  const counts = new Map<string, number>()
  for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1)
  return [...counts].map(([answer, count]) => `${count}× ${answer}`).join(', ')
}

const rows: Record<string, unknown>[] = []
let failed = false
/** A scenario's row; over any of its budgets (and /healthz's, always), it fails the run. */
function row(
  scenario: string,
  { answers, before, slowestMs, peakMb }: Awaited<ReturnType<typeof watched>>,
  { after = '–', refusedFrom = '–' }: { after?: number | string; refusedFrom?: number | string },
  budgets: [string, number, number][],
) {
  const over = [['healthz', slowestMs, HEALTHZ_BUDGET_MS] as const, ...budgets].filter(
    ([, value, budget]) => value > budget,
  )
  failed ||= over.length > 0
  rows.push({
    scenario,
    answers: tally(answers),
    'healthz max ms': slowestMs,
    'RSS before / peak / 5 s after, MB': `${before} / ${peakMb} / ${after}`,
    'token refused from upload': refusedFrom,
    result: over.length ? `over: ${over.map(([name]) => name).join(', ')}` : 'within budget',
  })
}

try {
  await sleep(2_000)
  // 1. The HEIC with a valid token, then the same token again until the server refuses it.
  const heic = new Blob([new Uint8Array(hugeHeic())])
  const token = await photoToken(1)
  const heicRun = await watched(async () => [await upload(token, [heic])])
  await sleep(5_000)
  const after = rssMb(server.pid)
  // Six more tries: five photos per token, so the token must be refused by the sixth upload at the latest.
  for (let i = 0; i < 6; i++) heicRun.answers.push(await upload(token, [heic]))
  const judged = heicRun.answers.findIndex((answer) => answer === '403')
  row(
    `${heic.size} B HEIC, 9984 × 9984, valid token`,
    heicRun,
    { after, refusedFrom: judged < 0 ? 'never' : judged + 1 },
    [
      ['RSS after', after, RSS_AFTER_BUDGET_MB],
      ['replays', judged < 0 ? Infinity : judged + 1, 6],
    ],
  )

  // 2. Four 75 MB bodies at once, each behind a bad token.
  const photo = new Blob([new Uint8Array(15 * 1024 * 1024)])
  const flood = await watched(() =>
    Promise.all([1, 2, 3, 4].map((n) => upload(`forged-token-${n}`, [photo, photo, photo, photo, photo]))),
  )
  row('4 × 75 MB at once, bad token', flood, {}, [['growth', flood.peakMb - flood.before, FLOOD_GROWTH_BUDGET_MB]])

  // 3. A decompression bomb sharp reads: 20000 × 20000 PNG, valid token (the posting test's old memory budget).
  const pngPath = join(tmpdir(), `bench-bomb-${process.pid}.png`)
  flatPng(20000, pngPath)
  const png = readFileSync(pngPath)
  rmSync(pngPath)
  // The server closed the flood's connections after answering early; the client's pool sees it only now.
  await sleep(1_000)
  const pngToken = await photoToken(2)
  const pngBlob = new Blob([new Uint8Array(png)])
  const bomb = await watched(async () => [await upload(pngToken, [pngBlob])])
  const scenario = `${Math.round(png.byteLength / 1024)} KB PNG, 20000 × 20000, valid token`
  row(scenario, bomb, {}, [['growth', bomb.peakMb - bomb.before, PNG_GROWTH_BUDGET_MB]])
} finally {
  await server.stop()
}

report('photo-flood', rows)
console.log(
  `budgets: /healthz ≤ ${HEALTHZ_BUDGET_MS} ms; RSS 5 s after the HEIC ≤ ${RSS_AFTER_BUDGET_MB} MB; token refused by ` +
    `the sixth upload; growth ≤ ${FLOOD_GROWTH_BUDGET_MB} MB (flood), ≤ ${PNG_GROWTH_BUDGET_MB} MB (PNG)`,
)
if (failed) process.exitCode = 1
