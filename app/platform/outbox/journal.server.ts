// The worker's journal of what it sent (docs/decisions/019-outbox-sent-journal.md): a line per row, synced before
// the database is told, so a crash between the send and the mark cannot send it twice.
import { randomUUID } from 'node:crypto'
import { closeSync, fdatasync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Written before the database is told, so a crash cannot resend (decision 019). */
export const SENT_JOURNAL_FILE = 'outbox-sent.log'
// Truncating synced lines blocks the loop ~2 ms on ext4: empty it past this size instead.
export const JOURNAL_CLEAR_BYTES = 64 * 1024

export function openSentJournal(path: string) {
  let fd: number | undefined
  const handle = () => (fd ??= openSync(path, 'a+'))
  return {
    /** Synchronous, so a kill right after cannot lose it; the sync is for power loss. */
    append(outboxId: string): Promise<void> {
      const file = handle()
      writeSync(file, `${outboxId}\n`)
      return new Promise((resolve, reject) => fdatasync(file, (error) => (error ? reject(error) : resolve())))
    },
    read(): string[] {
      // As append opens it: made empty when missing.
      const text = readFileSync(path, { encoding: 'utf8', flag: 'a+' })
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

/** One process holds a data folder (decision 030), so an id kept there names that folder's worker across restarts. */
export function workerIdOf(dataDir: string): string {
  const file = join(dataDir, 'outbox-worker-id')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    const id = randomUUID()
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, id, { mode: 0o600 })
    return id
  }
}
