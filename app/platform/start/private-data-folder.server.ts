// DATA_DIR holds leads, sign-in links and the database: only the server's user may read or write any of it
// (docs/decisions/052-hostile-input.md). Files made from now on get that from the umask; this fixes older ones.
import { chmodSync, lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Takes the group's and others' bits off DATA_DIR and everything in it (folders 0700 at most, files 0600), never
 * adding one: a folder this user may not write stays so. Symbolic links are not followed.
 */
export function tightenDataFolder(dataDir: string) {
  const tightened = { folders: 0, files: 0 }
  const visit = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false })
    if (!stat || stat.isSymbolicLink()) return
    const folder = stat.isDirectory()
    const mode = stat.mode & 0o777
    const wanted = mode & (folder ? 0o700 : 0o600)
    if (wanted !== mode) {
      try {
        chmodSync(path, wanted)
        tightened[folder ? 'folders' : 'files']++
      } catch {
        // Another user's file: nothing this process can change, and the lock check names the folder if it matters.
      }
    }
    if (folder) for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(dataDir)
  return tightened
}
