import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags } from './tests/support/system-deps'

const port = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://127.0.0.1:${port}`
// Chromium's headless shell (tests/support/system-deps.ts); the whole browser is CHROMIUM_PATH, for what needs it.
const chromiumPath = process.env.CHROMIUM_HEADLESS_SHELL ?? '/usr/bin/chromium-headless-shell'

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
    // Recording a trace for every test took a third of the suite's time; CI records only the one retry
    // (docs/decisions/037-one-retry-in-ci.md), and a failure is traced locally.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  // The migrated databases every server copies, and the server at baseURL (e2e/support/global-setup.ts).
  globalSetup: './e2e/support/global-setup.ts',
})
