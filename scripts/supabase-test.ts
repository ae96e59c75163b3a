// `npm run test:supabase`: the Supabase project tested locally, no hosted Supabase:
//   migrations on PGlite and PostgreSQL 15, row level security, the Edge Functions under Deno
//   against that Postgres, and the site's Supabase adapter against the locally served functions.
// Installs Debian's postgresql and postgresql-NN-cron (as root) when missing; Deno comes from the `deno` npm package and
// fetches the functions' npm: imports from the npm registry into node_modules/.cache/supabase-deno.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensurePostgres } from '../tests/support/supabase-postgres'

if (spawnSync('npm', ['run', 'supabase:sync'], { stdio: 'inherit' }).status !== 0) process.exit(1)
// tests/supabase/instances.spec.ts starts the production server.
if (!existsSync('.output/server/index.mjs') && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)
const binDir = ensurePostgres()
console.log(`PostgreSQL: ${binDir}`)
const args = ['vitest', 'run', '--config', 'vitest.supabase.config.ts', ...process.argv.slice(2)]
console.log(`▶ npx ${args.join(' ')}`)
const result = spawnSync('npx', args, { stdio: 'inherit' })
process.exit(result.status ?? 1)
