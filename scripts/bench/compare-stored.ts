// BENCH_COMPARE_WITH=<another checkout, built> npm run bench:compare — stored `/` of this build against
// another, side by side: fresh process pairs, alternating wrk rounds, pinned (server core 0, wrk core 1)
// and on shared cores. Single runs differ by 3–6% between processes, hence pairs and medians.
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { startSiteProcess, type SiteProcess } from '../../tests/support/site-process'
import { ensureCommand } from '../../tests/support/system-deps'
import { median, report, requestsPerSecond, runWrk } from './common'

ensureCommand('wrk', 'wrk')
ensureCommand('taskset', 'util-linux')
const other = process.env.BENCH_COMPARE_WITH
if (!other) throw new Error('Set BENCH_COMPARE_WITH to another checkout with a production build (.output).')
const checkouts = [process.cwd(), resolve(other)]
const pairs = Number(process.env.BENCH_COMPARE_PAIRS ?? 3)
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3)
const modes = [
  { cores: 'pinned', serverCpus: '1', rates: [[], []] as [number[], number[]] },
  { cores: 'shared', serverCpus: '3', rates: [[], []] as [number[], number[]] },
]

async function storedHomeRate(site: SiteProcess, pinned: boolean) {
  const args = ['-t1', '-c32', '-d8s', '-H', 'Accept-Encoding: gzip', `${site.url}/`]
  return requestsPerSecond(await runWrk(args, { pinned }))
}

for (let pair = 0; pair < pairs; pair++) {
  const sites: SiteProcess[] = []
  try {
    for (const checkout of checkouts) {
      const site = await startSiteProcess({}, { outputDir: `${checkout}/.output`, cwd: checkout })
      sites.push(site)
      for (let i = 0; i < 200; i++) await (await fetch(`${site.url}/`)).arrayBuffer()
      const state = (await fetch(`${site.url}/`)).headers.get('x-page-cache')
      if (state !== 'hit') throw new Error(`/ is not a stored page in ${checkout} (X-Page-Cache: ${state})`)
    }
    for (const mode of modes) {
      for (const site of sites) execFileSync('taskset', ['-a', '-p', mode.serverCpus, String(site.pid)])
      for (let round = 0; round < rounds; round++) {
        const order: Array<0 | 1> = (pair + round) % 2 ? [1, 0] : [0, 1]
        for (const build of order) mode.rates[build].push(await storedHomeRate(sites[build]!, mode.cores === 'pinned'))
      }
    }
  } finally {
    await Promise.all(sites.map((site) => site.stop()))
  }
}

report(
  'compare-stored',
  modes.map(({ cores, rates: [mine, theirs] }) => ({
    cores,
    'this build req/s': Math.round(median(mine)),
    'other req/s': Math.round(median(theirs)),
    ratio: (median(mine) / median(theirs)).toFixed(2),
    runs: `${mine.map(Math.round).join(' ')} / ${theirs.map(Math.round).join(' ')}`,
  })),
)
