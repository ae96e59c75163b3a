// Visitors' photos are files beside the database (docs/decisions/044-lead-photos.md): `npm run backup` puts
// them in a second archive next to the database's, and `npm run restore` puts them back when it is there.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { LEAD_PHOTOS_FOLDER } from '../backend/embedded-photos.server'

/** `site-2026-11-25.tar.gz` → `site-2026-11-25-photos.tar.gz`. */
export function photoBackupPath(backupFile: string): string {
  return `${backupFile.replace(/(\.tar\.gz|\.tgz)$/, '')}-photos.tar.gz`
}

/** The archive's path, or null when there are no photos. Files are only ever added, so a copy is consistent. */
export function backupLeadPhotos(dataDir: string, backupFile: string): string | null {
  if (!existsSync(join(dataDir, LEAD_PHOTOS_FOLDER))) return null
  const target = photoBackupPath(backupFile)
  execFileSync('tar', ['-czf', `${target}.partial`, '-C', dataDir, LEAD_PHOTOS_FOLDER])
  chmodSync(`${target}.partial`, 0o600)
  renameSync(`${target}.partial`, target)
  return target
}

/** The archive it read, or null when the backup has none beside it. */
export function restoreLeadPhotos(dataDir: string, backupFile: string): string | null {
  const source = photoBackupPath(backupFile)
  if (!existsSync(source)) return null
  mkdirSync(dataDir, { recursive: true })
  // Only the photos folder comes out, whatever else the archive might hold.
  execFileSync('tar', ['-xzf', source, '-C', dataDir, '--no-same-owner', LEAD_PHOTOS_FOLDER])
  return source
}
