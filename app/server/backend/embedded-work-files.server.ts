// The embedded backend's posted-work variants (docs/decisions/049-posted-work.md): public files in
// DATA_DIR/posted-work/<hash>-<width>.<format>, in backups beside the lead photos.
import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { POSTED_WORK_FILE_PATTERN } from '~/lib/posted-work'
import type { PostedWorkFileStore } from './backend.server'

export const POSTED_WORK_FOLDER = 'posted-work'

function checked(name: string): string {
  if (!POSTED_WORK_FILE_PATTERN.test(name)) throw new Error(`not a posted-work file name: ${name.slice(0, 60)}`)
  return name
}

export function embeddedPostedWorkFiles(dataDir: string): PostedWorkFileStore {
  const folder = join(dataDir, POSTED_WORK_FOLDER)
  return {
    async put(files) {
      await mkdir(folder, { recursive: true, mode: 0o700 })
      const added: string[] = []
      try {
        for (const file of files) {
          const target = join(folder, checked(file.name))
          // Written beside, then linked to its name: a reader never sees half a file, and a name already there
          // (the same frame posted twice) keeps its first post's file, which this call must not remove.
          const temporary = `${target}.tmp-${randomBytes(6).toString('hex')}`
          await writeFile(temporary, file.bytes, { mode: 0o600, flag: 'wx' })
          try {
            await link(temporary, target).then(
              () => added.push(file.name),
              (error: NodeJS.ErrnoException) => {
                if (error.code !== 'EEXIST') throw error
              },
            )
          } finally {
            await rm(temporary, { force: true })
          }
        }
        return added
      } catch (error) {
        await Promise.all(added.map((name) => rm(join(folder, name), { force: true })))
        throw error
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(folder, checked(name)), { force: true })))
    },
    async read(name) {
      if (!POSTED_WORK_FILE_PATTERN.test(name)) return null
      try {
        return new Uint8Array(await readFile(join(folder, name)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
  }
}
