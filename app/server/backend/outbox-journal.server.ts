import { closeSync, fdatasync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'

/** Written before the database is told, so a crash cannot resend. */
export const SENT_JOURNAL_FILE = 'outbox-sent.log'

export interface SentJournal {
  /** Synchronous, so a kill right after cannot lose it. */
  append(outboxId: string): Promise<void>
  read(): string[]
  clear(): void
  close(): void
}

export function openSentJournal(path: string): SentJournal {
  let fd: number | undefined
  const handle = () => (fd ??= openSync(path, 'a+'))
  return {
    append(outboxId) {
      const file = handle()
      writeSync(file, `${outboxId}\n`)
      // The sync is for power loss.
      return new Promise((resolve, reject) => fdatasync(file, (error) => (error ? reject(error) : resolve())))
    },
    read() {
      let text = ''
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
      return [...new Set(text.split('\n').filter((line) => /^[0-9a-f-]{36}$/.test(line)))]
    },
    clear() {
      ftruncateSync(handle(), 0)
    },
    close() {
      if (fd !== undefined) closeSync(fd)
      fd = undefined
    },
  }
}
