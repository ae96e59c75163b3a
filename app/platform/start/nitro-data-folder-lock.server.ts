import { definePlugin } from 'nitro'
import { holdDataFolderBeforeListening } from '../db/data-folder-lock.server'
import { dataDirOf, runtimeConfig } from '../config.server'
import { log } from '../log/logger.server'
import { tightenDataFolder } from './private-data-folder.server'

// Before any file is made: the database, mail, photos and socket are the server user's alone (decision 052).
process.umask(0o077)

// Top-level await: a server that cannot be its data folder's one process never listens (decision 030).
if (!import.meta.dev) {
  await holdDataFolderBeforeListening(runtimeConfig())
  const dataDir = dataDirOf()
  const { folders, files } = tightenDataFolder(dataDir)
  if (folders + files > 0)
    log('backend').warn(
      { dataDir, folders, files },
      `DATA_DIR was open to other users: closed ${folders} folders (0700) and ${files} files (0600) to them`,
    )
}

export default definePlugin(() => {})
