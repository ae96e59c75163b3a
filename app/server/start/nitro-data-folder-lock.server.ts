import { definePlugin } from 'nitro'
import { holdDataFolderBeforeListening } from '../db/data-folder-lock.server'
import { runtimeConfig } from '../config.server'

// Top-level await: a server that cannot be its data folder's one process never listens (decision 030).
if (!import.meta.dev) await holdDataFolderBeforeListening(runtimeConfig())

export default definePlugin(() => {})
