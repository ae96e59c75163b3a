import { definePlugin } from 'nitro'
import { ConfigError, loadEnvFile, runtimeConfig } from '../config.server'
import { log } from '../log/logger.server'

// At import: before Nitro reads PORT and HOST and any plugin logs. A bad setting stops the start here with one
// line naming it, never a stack trace (docs/decisions/052-hostile-input.md).
try {
  loadEnvFile()
  runtimeConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  log('config').fatal(error.message)
  process.exit(1)
}

/** Listed first in vite.config.ts. */
export default definePlugin(() => {})
