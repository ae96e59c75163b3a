import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags } from './tests/support/system-deps'

const port = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://127.0.0.1:${port}`
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries; the one test whose renderer has stalled retries once in CI (docs/decisions/037-one-retry-in-ci.md),
  // and CI's output ends with how many tests passed only on their retry.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['./e2e/support/retry-summary.ts']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    command: `node ${process.env.BUILD_OUTPUT_DIR ?? '.output'}/server/index.mjs`,
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
      SITE_URL: process.env.SITE_URL ?? 'http://localhost:3000',
      // Every e2e request comes from 127.0.0.1: lift the per-IP quote limit (e2e/quote.spec.ts tests it on its own server).
      QUOTE_RATE_LIMIT: '10000',
      // Tests fill forms in milliseconds; the token must still be valid (e2e/quote.spec.ts checks the time on its own server).
      QUOTE_MIN_FILL_MS: '0',
      // npm run test:postgres: the server's own database on the throwaway cluster; else PGlite in DATA_DIR.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
})
