// `npm test`: lint + type-check, build, unit + integration tests (Vitest), then end-to-end tests (Playwright, Debian
// Chromium) against the production build. `npm run test:postgres [-- tests/x.test.ts e2e/y.spec.ts]`: the two suites
// (or just those files; the e2e suite without its PGlite-only specs) on a throwaway PostgreSQL 15 cluster instead of
// PGlite (decision 050), building only when there is no build yet. Installs what is missing with apt-get (README).
// Vitest on PGlite runs with the clock moved ahead (CLOCK_AHEAD); on PostgreSQL, on today's.
import { spawn, type StdioOptions } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { fixtureCache } from '../tests/support/huge-heic'
import { startPostgres } from '../tests/support/postgres'
import { scratchInMemory } from '../tests/support/scratch'
import { ensureChromium, ensureCommand, ensureHeadlessShell, ensureTestPhotoTools } from '../tests/support/system-deps'
import { prepareMigratedTemplates } from '../tests/support/test-database'

// Specs about the page in the browser that start no server and read nothing back from the shared server's
// database: on PostgreSQL they would repeat the same seeded reads (decision 050: only app/platform/db/ knows which
// database runs), so `npm run test:postgres` runs them only when named. So are two that start servers but whose
// database work Vitest already runs there: chat (the assistant's per-IP count, tests/assistant/ask.test.ts) and
// env-file (a build and start reading `.env`). A spec not listed runs on both.
const PGLITE_ONLY_SPECS = new Set(
  `a11y before-scripts bundle chat confetti email-wrap env-file first-view-requests focus-visible gallery
   header home keyboard layout loading-order pages phones photo-loading privacy public-reads redirects
   request-methods routes scroll seo settings social-proof text-us`
    .split(/\s+/)
    .map((name) => `${name}.spec.ts`),
)

// A date a test needs in the future fails once the calendar reaches it, so Vitest on PGlite runs 400 days ahead
// (libfaketime) and fails such a date 400 days early; `test:postgres` runs the same suite on today's clock, so CI
// sees both at the cost of one run (~150 s). What failed at +40 failed at +400 too, as measured. PGlite only: it runs
// in the test's process, so its now() moves too; a PostgreSQL server keeps the real clock.
const CLOCK_AHEAD = '+400 days'

let status = 0
type Step = [label: string, command: string, args: string[], env?: Record<string, string>]
/**
 * Runs the steps unless one failed: one with its output as it comes; several side by side (each keeps one core busy,
 * CI has two), their output in order at the end. Not spawnSync: on Ctrl-C, tsx kills a process that cannot answer.
 */
async function run(...steps: Step[]) {
  if (status !== 0) return
  const alone = steps.length === 1
  const heading = ([label, command, args]: Step) => console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const ended = await Promise.all(
    steps.map(async (step) => {
      const [, command, args, env = {}] = step
      if (alone) heading(step)
      const started = Date.now()
      const stdio: StdioOptions = alone ? 'inherit' : ['ignore', 'pipe', 'pipe']
      const child = spawn(command, args, { stdio, env: { ...process.env, ...env } })
      let output = ''
      child.stdout?.on('data', (chunk) => (output += chunk))
      child.stderr?.on('data', (chunk) => (output += chunk))
      const [code] = (await once(child, 'close')) as [number | null]
      return { step, code: code ?? 1, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }
    }),
  )
  for (const { step, code, output, seconds } of ended) {
    if (!alone) heading(step)
    process.stdout.write(output)
    console.log(code === 0 ? `✔ ${step[0]} (${seconds}s)` : `✖ ${step[0]} failed after ${seconds}s`)
    if (status === 0) status = code
  }
}

const chromium = ensureChromium()
const headlessShell = ensureHeadlessShell()
ensureCommand('xmllint', 'libxml2-utils')
ensureCommand('caddy', 'caddy') // e2e/caddy-front.spec.ts: the documented TLS front
ensureTestPhotoTools()
const postgres = process.argv[2] === '--postgres'
if (!postgres) ensureCommand('faketime', 'faketime')
const files = process.argv.slice(postgres ? 3 : 2)
const unitFiles = files.filter((file) => !file.endsWith('.spec.ts'))
const e2eFiles = files.filter((file) => file.endsWith('.spec.ts'))
// Ctrl-C reaches the running step too: it fails, and the cluster is still stopped and deleted below.
process.on('SIGINT', () => console.error('interrupted'))
const cluster = postgres ? await startPostgres() : undefined
// Vitest's temporary files and data folders in RAM when there is room (tests/support/scratch.ts); the huge HEIC a
// test makes once per machine stays where the next run finds it (tests/support/huge-heic.ts).
const scratch = scratchInMemory()
const vitestScratch: Record<string, string> = scratch
  ? { TMPDIR: scratch, TEST_DATA_ROOT: scratch, TEST_FIXTURE_CACHE: fixtureCache() }
  : {}
// Each test and server that needs a database copies its own from one migrated once for both suites
// (tests/support/test-database.ts); the suites' processes find it in the environment.
if (cluster) process.env.TEST_DATABASE_URL = cluster.adminUrl
const dropTemplates = await prepareMigratedTemplates()
try {
  // Neither needs the build (the route tree and image manifest are committed).
  if (!postgres)
    await run(['lint and format check', 'npm', ['run', 'lint']], ['type-check', 'npx', ['tsc', '--noEmit']])
  if (!postgres || !existsSync('.output/server/index.mjs')) await run(['production build', 'npm', ['run', 'build']])
  if (files.length === 0 || unitFiles.length > 0) {
    const vitest = ['vitest', 'run', ...unitFiles]
    // The monotonic clock stays real: timers and durations are not dates.
    const ahead = { FAKETIME_DONT_FAKE_MONOTONIC: '1' }
    if (postgres) await run(['unit and integration tests', 'npx', vitest, vitestScratch])
    else {
      const env = { ...vitestScratch, ...ahead }
      await run([`unit and integration tests, ${CLOCK_AHEAD} ahead`, 'faketime', [CLOCK_AHEAD, 'npx', ...vitest], env])
    }
  }
  if (status === 0 && (files.length === 0 || e2eFiles.length > 0)) {
    const e2eEnv = { CHROMIUM_PATH: chromium, CHROMIUM_HEADLESS_SHELL: headlessShell, E2E_DATA_DIR: '.data/e2e' }
    const specs = postgres && files.length === 0 ? readdirSync('e2e').filter((name) => /\.spec\.ts$/.test(name)) : []
    const onBoth = specs.filter((name) => !PGLITE_ONLY_SPECS.has(name)).map((name) => `e2e/${name}`)
    await run(['end-to-end tests', 'npx', ['playwright', 'test', ...e2eFiles, ...onBoth], e2eEnv])
  }
} finally {
  dropTemplates()
  await cluster?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
}
process.exit(status)
