import { accessSync, constants, mkdirSync, statSync, unlinkSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import lockfile from 'proper-lockfile'
import { log } from '../log/logger.server'

/** Kept apart so the start-up plugin does not load PGlite. */
export const LOCK_FILE = 'pglite.lock'

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError'
}

/** A command's refusal about the database (a backup on PostgreSQL, no database yet): one line, no stack. */
export class DatabaseCommandError extends Error {
  override name = 'DatabaseCommandError'
}

/** The folder cannot be made or written: a setting to fix, so one line names it, never a stack. */
export class DataFolderUnusableError extends Error {
  override name = 'DataFolderUnusableError'
}

const UNUSABLE_REASONS: Record<string, string> = {
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'it is a file, not a folder',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOENT: 'no folder can be made there',
}

function unusableOr(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  const reason = code ? UNUSABLE_REASONS[code] : undefined
  if (!reason) return error
  return new DataFolderUnusableError(`DATA_DIR cannot be used: ${dataDir}: ${reason} (${code})`)
}

/** `mkdir -p` that ends: Node's own retries for ever where a parent exists yet holds no folders (/proc/x). */
function makeFolder(path: string): void {
  try {
    mkdirSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' && statSync(path).isDirectory()) return
    if (code !== 'ENOENT' || dirname(path) === path) throw error
    makeFolder(dirname(path))
    mkdirSync(path)
  }
}

const LOCK_STALE_MS = 10_000
export const LOCK_WAIT_MS = 15_000

/** A fresh mkdir, not a PID: containers sharing a volume reuse PIDs. */
export async function lockDataFolder(dataDir: string, waitMs: number): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, LOCK_FILE)
  try {
    makeFolder(dataDir)
    // Else the lock's retries spend the whole wait on a folder it can never write.
    accessSync(dataDir, constants.W_OK | constants.X_OK)
    if (statSync(lockPath, { throwIfNoEntry: false })?.isFile()) unlinkSync(lockPath)
    return await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 5,
      retries: waitMs > 0 ? { retries: Math.ceil(waitMs / 500), factor: 1, minTimeout: 500, maxTimeout: 500 } : 0,
      onCompromised: (error) => {
        // Another may be writing: stop, never become a second writer.
        log('backend').fatal({ dataDir, err: error }, 'lost the lock on the data folder; stopping')
        process.exit(1)
      },
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw unusableOr(dataDir, error)
    throw new DataFolderLockedError(
      `The database in ${dataDir} is in use by another process (lock ${lockPath}). Stop that process first; ` +
        `a lock left by a process that died frees itself ${LOCK_STALE_MS / 1000} s later.`,
    )
  }
}

const HELD = Symbol.for('pressure-washing-site.data-folder-locks')
type GlobalWithHeld = typeof globalThis & { [HELD]?: Map<string, () => Promise<void>> }

export function takeHeldLock(dataDir: string): (() => Promise<void>) | undefined {
  const held = (globalThis as GlobalWithHeld)[HELD]
  const release = held?.get(dataDir)
  held?.delete(dataDir)
  return release
}

/**
 * At start, before listening: a server that cannot be its data folder's one process never listens (decision 030),
 * whichever the database; the folder holds its outbox journal, worker id and socket (decision 050).
 */
export async function holdDataFolderBeforeListening(config: { dataDir: string }): Promise<void> {
  const dataDir = resolve(process.cwd(), config.dataDir)
  try {
    const g = globalThis as GlobalWithHeld
    ;(g[HELD] ??= new Map()).set(dataDir, await lockDataFolder(dataDir, LOCK_WAIT_MS))
  } catch (error) {
    if (error instanceof DataFolderUnusableError) log('backend').fatal({ dataDir }, error.message)
    else if (error instanceof DataFolderLockedError)
      log('backend').fatal({ dataDir, err: error }, 'another server holds the data folder: not listening')
    else throw error
    process.exit(1)
  }
}
