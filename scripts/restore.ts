// npm run restore -- FILE [--force]: puts a backup from npm run backup into DATA_DIR, with the site stopped.
// Refuses a folder that holds a database unless --force (which keeps the old one beside). docs/operations.md.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { runtimeConfig } from '../app/platform/config.server'
import { LeadRequestError } from '../app/features/owner/leads.server'
import { runOwnerCommand } from './owner-command'
import { restoreDatabase, restoreLeadPhotos } from './backup-files'

const USAGE = 'Usage: npm run restore -- FILE [--force]'

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new LeadRequestError('name the one backup file to restore')
  const config = runtimeConfig()
  const dataDir = resolve(config.dataDir)
  const backup = new Uint8Array(readFileSync(resolve(files[0]!)))
  const report = await restoreDatabase({ dataDir, databaseUrl: config.databaseUrl }, backup, force)
  const photos = restoreLeadPhotos(dataDir, resolve(files[0]!))
  console.error(
    `Restored ${report.leads} leads into ${dataDir}.` +
      (report.setAside ? ` The database it replaced is in ${report.setAside}.` : '') +
      (photos ? ` Photos (visitors' and posted work) came from ${photos}.` : ''),
  )
  return 0
}

runOwnerCommand(main, USAGE)
