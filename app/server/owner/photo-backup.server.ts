// Visitors' photos and posted work's variants are files beside the database (decisions 044 and 049): `npm run
// backup` puts them in a second archive next to the database's, and `npm run restore` puts them back.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, renameSync } from 'node:fs'
import { join } from 'node:path'

// The file store's folders (files/file-store.server.ts) when no Storage bucket is set.
const FILE_FOLDERS = ['lead-photos', 'posted-work']

/** `site-2026-11-25.tar.gz` → `site-2026-11-25-photos.tar.gz`. */
export function photoBackupPath(backupFile: string): string {
  return `${backupFile.replace(/(\.tar\.gz|\.tgz)$/, '')}-photos.tar.gz`
}

/** The archive's path, or null when there are no files. Files are only ever added, so a copy is consistent. */
export function backupLeadPhotos(dataDir: string, backupFile: string): string | null {
  const folders = FILE_FOLDERS.filter((folder) => existsSync(join(dataDir, folder)))
  if (folders.length === 0) return null
  const target = photoBackupPath(backupFile)
  // A half-written file's temporary name (file-store.server.ts) is left out: it belongs to an upload still running.
  execFileSync('tar', ['-czf', `${target}.partial`, '--exclude=.*.tmp', '-C', dataDir, ...folders])
  chmodSync(`${target}.partial`, 0o600)
  renameSync(`${target}.partial`, target)
  return target
}

/** The archive it read, or null when the backup has none beside it. */
export function restoreLeadPhotos(dataDir: string, backupFile: string): string | null {
  const source = photoBackupPath(backupFile)
  if (!existsSync(source)) return null
  mkdirSync(dataDir, { recursive: true })
  // Only the files' folders come out, whatever else the archive might hold; an older backup has one of them.
  const members = execFileSync('tar', ['-tzf', source], { maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split('\n')
  const folders = FILE_FOLDERS.filter((folder) => members.some((member) => member.split('/')[0] === folder))
  if (folders.length > 0) execFileSync('tar', ['-xzf', source, '-C', dataDir, '--no-same-owner', ...folders])
  return source
}
