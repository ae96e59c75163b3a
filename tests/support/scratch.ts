// Where `npm test` puts Vitest's temporary files and data folders (decision 068): nearly every test copies a 40 MB
// migrated PGlite and deletes it after, and on a virtual machine's disk those copies wait on writeback.
import { chmodSync, mkdtempSync, statfsSync } from 'node:fs'
import { join } from 'node:path'

/** Free space /dev/shm must have: the Vitest run's peak there was about 0.15 GB (decision 068). */
export const SCRATCH_ROOM = 1024 ** 3

const freeBytes = (folder: string) => {
  const { bavail, bsize } = statfsSync(folder)
  return bavail * bsize
}

/** A new folder in `shm` (RAM) when it has SCRATCH_ROOM free; undefined otherwise, or where there is none. */
export function scratchInMemory(shm = '/dev/shm', free = freeBytes): string | undefined {
  try {
    if (free(shm) < SCRATCH_ROOM) return undefined
    const folder = mkdtempSync(join(shm, 'pw-site-tests-'))
    // As /tmp is: it is TMPDIR for every process a test starts, whichever user that process runs as.
    chmodSync(folder, 0o1777)
    return folder
  } catch {
    // Not Linux, or no /dev/shm: the disk's temporary folder.
  }
  return undefined
}
