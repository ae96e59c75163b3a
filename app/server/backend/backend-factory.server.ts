import { runtimeConfig, type RuntimeConfig } from '../config.server'
import { log } from '../log/logger.server'
import type { Backend } from './backend.server'
import { createEmbeddedBackend, type EmbeddedBackendOptions } from './embedded.server'
import { createSupabaseBackend, type SupabaseBackendOptions } from './supabase.server'

export interface CreateBackendOptions {
  startWorker?: boolean
  embedded?: Omit<EmbeddedBackendOptions, 'config' | 'startWorker'>
  supabase?: Omit<SupabaseBackendOptions, 'url' | 'anonKey'>
}

export function createBackend(config: RuntimeConfig = runtimeConfig(), options: CreateBackendOptions = {}): Backend {
  if (config.supabase) {
    const { url, anonKey, siteSecret } = config.supabase
    return createSupabaseBackend({ siteSecret, ...options.supabase, url, anonKey })
  }
  return createEmbeddedBackend({ ...options.embedded, config, startWorker: options.startWorker ?? false })
}

// On globalThis so dev reloads reuse it.
const SINGLETON = Symbol.for('pressure-washing-site.backend')
type GlobalWithBackend = typeof globalThis & { [SINGLETON]?: Backend }

export function getBackend(): Backend {
  const g = globalThis as GlobalWithBackend
  let backend = g[SINGLETON]
  if (!backend) {
    backend = createBackend(runtimeConfig(), { startWorker: true, embedded: { exitIfLocked: true } })
    g[SINGLETON] = backend
    log('backend').info({ backend: backend.kind }, `using the ${backend.kind} backend`)
  }
  return backend
}

export async function closeBackend(): Promise<void> {
  const g = globalThis as GlobalWithBackend
  const backend = g[SINGLETON]
  delete g[SINGLETON]
  if (backend) await backend.close()
}
