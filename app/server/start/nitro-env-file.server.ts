import { definePlugin } from 'nitro'
import { loadEnvFile } from '../config.server'

// At import: before Nitro reads PORT and HOST and any plugin logs.
loadEnvFile()

/** Listed first in vite.config.ts. */
export default definePlugin(() => {})
