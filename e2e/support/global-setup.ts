// Playwright's globalSetup: the run's migrated databases (tests/support/test-database.ts), which every server a test
// starts copies, and on a copy the server most specs share (baseURL). Returns what stops both.
import { mkdirSync, rmSync } from 'node:fs'
import type { FullConfig } from '@playwright/test'
import { startSiteProcess } from '../../tests/support/site-process'
import { copyMigratedPGlite, freshDatabaseUrl, prepareMigratedTemplates } from '../../tests/support/test-database'

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const dropTemplates = await prepareMigratedTemplates()
  const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e'
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  copyMigratedPGlite(dataDir)
  // Read by the specs that look into its database (npm run leads), in the workers started after this.
  const databaseUrl = await freshDatabaseUrl()
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl
  const server = await startSiteProcess({
    PORT: new URL(config.projects[0]!.use.baseURL!).port,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SITE_URL: process.env.SITE_URL ?? 'http://localhost:3000',
    // Every e2e request comes from 127.0.0.1: lift the per-IP quote limit (tests/server/lead-pipeline.test.ts tests it).
    QUOTE_RATE_LIMIT: '10000',
    // Tests fill forms in milliseconds; a valid token is still required (e2e/lead-form.spec.ts times it on its own server).
    QUOTE_MIN_FILL_MS: '0',
  })
  return async () => {
    await server.stop()
    dropTemplates()
  }
}
