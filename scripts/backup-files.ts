// `npm run backup` and `npm run restore`'s files (docs/operations.md): PGlite's folder, restored only with the site
// stopped, and the photos beside the database's archive (decisions 044 and 049) when they are kept in DATA_DIR.
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { DatabaseCommandError } from '../app/platform/db/database.server'
import { DataFolderLockedError, lockDataFolder } from '../app/platform/db/data-folder-lock.server'

/**
 * Restores a backup into an empty DATA_DIR, or with `force` sets the present database aside first; the restored
 * database's lead count. PGlite's folder only.
 */
export async function restoreDatabase(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
  backup: Uint8Array,
  force: boolean,
): Promise<{ leads: number; setAside?: string }> {
  if (databaseUrl)
    throw new DatabaseCommandError(
      'DATABASE_URL is set: restore a PostgreSQL database with its own tools (pg_restore, or Supabase → Database → Backups).',
    )
  if (backup[0] !== 0x1f || backup[1] !== 0x8b)
    throw new DatabaseCommandError('That file is not a backup made by npm run backup (not gzip).')
  const release = await lockDataFolder(dataDir, 0).catch((error: unknown) => {
    if (!(error instanceof DataFolderLockedError)) throw error
    throw new DatabaseCommandError(`A process is using ${dataDir}: stop the site before restoring.`)
  })
  const pgDir = join(dataDir, 'pglite')
  let setAside: string | undefined
  try {
    const holdsSomething = existsSync(pgDir) && readdirSync(pgDir).length > 0
    if (holdsSomething && !force)
      throw new DatabaseCommandError(
        `${pgDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
          '(the current one is kept beside it).',
      )
    if (holdsSomething) {
      setAside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      renameSync(pgDir, setAside)
    } else rmSync(pgDir, { recursive: true, force: true })
    try {
      const db = await PGlite.create(pgDir, { loadDataDir: new Blob([Uint8Array.from(backup)]) })
      try {
        const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.leads')
        return { leads: count.rows[0]?.n ?? 0, setAside }
      } finally {
        await db.close()
      }
    } catch (error) {
      rmSync(pgDir, { recursive: true, force: true })
      if (setAside) renameSync(setAside, pgDir)
      throw new DatabaseCommandError(`The backup could not be restored: ${(error as Error).message}`)
    }
  } finally {
    await release()
  }
}

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
