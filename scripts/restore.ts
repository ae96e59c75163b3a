// npm run restore -- FILE [--force]: puts a backup from npm run backup into DATA_DIR, with the site stopped.
// Refuses a folder that holds a database unless --force (which keeps the old one beside). docs/operations.md.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { runtimeConfig } from '../app/platform/config.server'
import { LeadRequestError } from '../app/features/owner/leads.server'
import { runOwnerCommand } from './owner-command'
import { restoreDatabase, restoreLeadPhotos } from './backup-files'

const USAGE = 'Usage: npm run restore -- FILE [--force]'

const options = { force: { type: 'boolean', default: false } } as const

runOwnerCommand(USAGE, options, async ({ values, positionals: [file, ...rest] }) => {
  if (!file || rest.length) throw new LeadRequestError('name the one backup file to restore')
  const config = runtimeConfig()
  const dataDir = resolve(config.dataDir)
  const backup = new Uint8Array(readFileSync(resolve(file)))
  const report = await restoreDatabase({ dataDir, databaseUrl: config.databaseUrl }, backup, values.force)
  const photos = restoreLeadPhotos(dataDir, resolve(file))
  console.error(
    `Restored ${report.leads} leads into ${dataDir}.` +
      (report.setAside ? ` The database it replaced is in ${report.setAside}.` : '') +
      (photos ? ` Photos (visitors' and posted work) came from ${photos}.` : ''),
  )
  return 0
})
