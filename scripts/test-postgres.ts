// `npm run test:postgres`: the Vitest and Playwright suites on a throwaway PostgreSQL 15 cluster instead of PGlite
// (docs/decisions/050-one-runtime.md). Installs postgresql-15 and Chromium with apt-get when missing; builds the
// site only when there is no build yet. `npm run test:postgres -- tests/x.test.ts e2e/y.spec.ts` runs just those.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, rmSync } from 'node:fs'
import { startPostgres } from '../tests/support/postgres'
import { ensureChromium, ensureTestPhotoTools } from '../tests/support/system-deps'
import { freshDatabaseUrl } from '../tests/support/test-database'

/** The step's exit code: 0 when it passed. Not spawnSync: on Ctrl-C, tsx kills a process that cannot answer. */
async function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const step = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const [status] = (await once(step, 'exit')) as [number | null]
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`)
    return status ?? 1
  }
  console.log(`✔ ${label} (${seconds}s)`)
  return 0
}

const chromium = ensureChromium()
ensureTestPhotoTools()
// Ctrl-C reaches the running step too: it fails, and the cluster is still stopped and deleted below.
process.on('SIGINT', () => console.error('interrupted'))
const started = Date.now()
const cluster = await startPostgres()
console.log(`✔ PostgreSQL 15 started (${((Date.now() - started) / 1000).toFixed(1)}s)`)
const files = process.argv.slice(2)
const unitFiles = files.filter((file) => !file.endsWith('.spec.ts'))
const e2eFiles = files.filter((file) => file.endsWith('.spec.ts'))
let status = 0
try {
  // Each test and server that needs a database makes its own in this cluster (tests/support/test-database.ts).
  const onPostgres = { TEST_DATABASE_URL: cluster.adminUrl }
  if (!existsSync('.output/server/index.mjs')) status = await run('production build', 'npm', ['run', 'build'])
  if (status === 0 && (files.length === 0 || unitFiles.length > 0))
    status = await run('unit and integration tests', 'npx', ['vitest', 'run', ...unitFiles], onPostgres)
  if (status === 0 && (files.length === 0 || e2eFiles.length > 0)) {
    rmSync('.data/e2e', { recursive: true, force: true })
    status = await run('end-to-end tests', 'npx', ['playwright', 'test', ...e2eFiles], {
      ...onPostgres,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: '.data/e2e',
      E2E_DATABASE_URL: (await freshDatabaseUrl(cluster.adminUrl))!,
    })
  }
} finally {
  await cluster.stop()
}
process.exit(status)
