import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { scriptFile } from './build/script-file'

export default defineConfig({
  // The routes import the entry loader's path.
  plugins: [scriptFile()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // One migrated database per run, copied for each test (tests/support/test-database.ts).
    globalSetup: ['tests/support/test-database.ts'],
    testTimeout: 30000,
    // Vitest's default is cores − 1: one worker on CI's two, the other core mostly idle. Two files at once finish
    // the suite in about 215 s instead of 307.
    maxWorkers: 2,
  },
})
