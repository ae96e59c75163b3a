import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * `npm run test:supabase` (scripts/supabase-test.ts): the Supabase project (migrations, RLS, Edge
 * Functions under Deno) against a local PostgreSQL 15. Kept out of `npm test`'s Vitest run by
 * the file name: *.spec.ts (the main config includes tests/**\/*.test.ts only).
 */
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['tests/supabase/**/*.spec.ts'],
    // Each file starts its own Postgres cluster and Deno processes: one file at a time on 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
})
