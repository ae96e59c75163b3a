// `npm test`: build, type-check, unit + integration tests (Vitest), then end-to-end tests (Playwright,
// Debian Chromium) against the production build. First installs what is missing with apt-get
// (README, "Pass the tests").
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { ensureChromium, ensureCommand, ensureTestPhotoTools } from '../tests/support/system-deps'

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${label} (${seconds}s)`)
}

const chromium = ensureChromium()
ensureCommand('xmllint', 'libxml2-utils')
ensureCommand('caddy', 'caddy') // e2e/caddy-front.spec.ts: the documented TLS front
ensureTestPhotoTools()
run('lint and format check', 'npm', ['run', 'lint'])
run('production build', 'npm', ['run', 'build'])
run('type-check', 'npx', ['tsc', '--noEmit'])
run('unit and integration tests', 'npx', ['vitest', 'run'])
rmSync('.data/e2e', { recursive: true, force: true })
run('end-to-end tests', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, E2E_DATA_DIR: '.data/e2e' })
