// npm run backup -- FILE: a consistent copy of the PGlite database (gzipped tarball), taken by the running site
// through its socket in DATA_DIR, or from the folder when the site is stopped. docs/operations.md.
import { renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { runtimeConfig } from '../app/platform/config.server'
import { LeadRequestError } from '../app/features/owner/leads.server'
import { runOwnerCommandOn, runOwnerCommand } from './owner-command'
import { backupLeadPhotos } from './backup-files'

const USAGE = 'Usage: npm run backup -- FILE   (e.g. backups/site-$(date +%F).tar.gz)'

runOwnerCommand(USAGE, {}, async ({ positionals: [file, ...rest] }) => {
  if (!file || rest.length) throw new LeadRequestError('name the one file to write the backup to')
  const config = runtimeConfig()
  const bytes = await runOwnerCommandOn(config, 'backup')
  // Written beside, then renamed: a backup file is never half-written.
  const target = resolve(file)
  writeFileSync(`${target}.partial`, bytes, { mode: 0o600 })
  renameSync(`${target}.partial`, target)
  console.error(`Backup of ${resolve(config.dataDir)} written to ${target} (${bytes.byteLength} bytes).`)
  const photos = backupLeadPhotos(resolve(config.dataDir), target)
  if (photos) console.error(`Photos (visitors' and posted work) written to ${photos}.`)
  return 0
})
