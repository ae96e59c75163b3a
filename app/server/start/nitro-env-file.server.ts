import { definePlugin } from 'nitro'
import { loadEnvFile } from '../config.server'

// At import, before Nitro's server module reads PORT and HOST and before any plugin logs.
loadEnvFile()

/** Nitro plugin: the first one listed in vite.config.ts, so `.env` is read before anything else. */
export default definePlugin(() => {})
