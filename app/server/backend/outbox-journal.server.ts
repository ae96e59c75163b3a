import { closeSync, fdatasync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'

/** Written before the database is told, so a crash cannot resend. */
export const SENT_JOURNAL_FILE = 'outbox-sent.log'
// Truncating synced lines blocks the loop ~2 ms on ext4: empty it past this size instead.
export const JOURNAL_CLEAR_BYTES = 64 * 1024

export function openSentJournal(path: string) {
  let fd: number | undefined
  const handle = () => (fd ??= openSync(path, 'a+'))
  return {
    /** Synchronous, so a kill right after cannot lose it. */
    append(outboxId: string): Promise<void> {
      const file = handle()
      writeSync(file, `${outboxId}\n`)
      // The sync is for power loss.
      return new Promise((resolve, reject) => fdatasync(file, (error) => (error ? reject(error) : resolve())))
    },
    read(): string[] {
      let text = ''
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
      return [...new Set(text.split('\n').filter((line) => /^[0-9a-f-]{36}$/.test(line)))]
    },
    /** Empties the journal once it has grown; every id in it must be marked in the database. */
    clear() {
      const file = handle()
      if (fstatSync(file).size >= JOURNAL_CLEAR_BYTES) ftruncateSync(file, 0)
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
}
