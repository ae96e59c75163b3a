import { resolve } from 'node:path'
import { definePlugin } from 'nitro'
import { DataFolderLockedError, DataFolderUnusableError, holdDataFolderLock } from '../backend/data-folder-lock.server'
import { runtimeConfig } from '../config.server'
import { log } from '../log/logger.server'

// Top-level await: a server that cannot be the one writer never listens.
if (!import.meta.dev && !runtimeConfig().supabase) {
  const dataDir = resolve(process.cwd(), runtimeConfig().dataDir)
  try {
    await holdDataFolderLock(dataDir)
  } catch (error) {
    if (error instanceof DataFolderUnusableError) {
      log('backend').fatal({ dataDir }, error.message)
      process.exit(1)
    }
    if (!(error instanceof DataFolderLockedError)) throw error
    log('backend').fatal({ dataDir, err: error }, 'another server holds the data folder: not listening')
    process.exit(1)
  }
}

export default definePlugin(() => {})
