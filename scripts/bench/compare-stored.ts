// BENCH_COMPARE_WITH=<another checkout, built> npm run bench:compare — stored `/` of this build against
// another, side by side: fresh process pairs, alternating wrk rounds, pinned (server core 0, wrk core 1)
// and on shared cores. Single runs differ by 3–6% between processes, hence pairs and medians.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { startSiteProcess, type SiteProcess } from '../../tests/support/site-process'
import { ensureCommand } from '../../tests/support/system-deps'
import { median, report, runWrk } from './common'

ensureCommand('wrk', 'wrk')
ensureCommand('taskset', 'util-linux')
const other = process.env.BENCH_COMPARE_WITH
if (!other) throw new Error('Set BENCH_COMPARE_WITH to another checkout with a production build (.output).')
const checkouts = { this: process.cwd(), other: resolve(other) }
const pairs = Number(process.env.BENCH_COMPARE_PAIRS ?? 3)
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3)
const modes = { pinned: '1', shared: '3' } as const

async function requestsPerSecond(site: SiteProcess, pinned: boolean) {
  const args = ['-t1', '-c32', '-d8s', '-H', 'Accept-Encoding: gzip', `${site.url}/`]
  const out = await (pinned ? runWrk(['-c', '1', 'wrk', ...args], {}, 'taskset') : runWrk(args))
  return Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1])
}

const results = Object.fromEntries(
  Object.keys(modes).map((mode) => [mode, { this: [] as number[], other: [] as number[] }]),
)
for (let pair = 0; pair < pairs; pair++) {
  const sites = {
    this: await startSiteProcess({}, { outputDir: `${checkouts.this}/.output`, cwd: checkouts.this }),
    other: await startSiteProcess({}, { outputDir: `${checkouts.other}/.output`, cwd: checkouts.other }),
  }
  try {
    for (const site of Object.values(sites)) {
      for (let i = 0; i < 200; i++) await (await fetch(`${site.url}/`)).arrayBuffer()
      const state = (await fetch(`${site.url}/`)).headers.get('x-page-cache')
      if (state !== 'hit') throw new Error(`/ is not a stored page at ${site.url} (X-Page-Cache: ${state})`)
    }
    for (const [mode, cpus] of Object.entries(modes)) {
      for (const site of Object.values(sites)) execFileSync('taskset', ['-a', '-p', cpus, String(site.pid)])
      for (let round = 0; round < rounds; round++) {
        const order = (pair + round) % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const)
        for (const build of order) results[mode]![build].push(await requestsPerSecond(sites[build], mode === 'pinned'))
      }
    }
  } finally {
    await Promise.all(Object.values(sites).map((site) => site.stop()))
  }
}

report(
  'compare-stored',
  Object.entries(results).map(([mode, { this: mine, other: theirs }]) => ({
    cores: mode,
    'this build req/s': Math.round(median(mine)),
    'other req/s': Math.round(median(theirs)),
    ratio: (median(mine) / median(theirs)).toFixed(2),
    runs: `${mine.map(Math.round).join(' ')} / ${theirs.map(Math.round).join(' ')}`,
  })),
  ['cores', 'this build req/s', 'other req/s', 'ratio', 'runs'],
)
