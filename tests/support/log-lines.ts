// The server logger's JSON lines (app/platform/log/logger.server.ts), as the Vitest tests capture them and the e2e
// specs read them from a server's stdout.

export interface LogRecord {
  time: string
  level: string
  msg: string
  scope?: string
  requestId?: string
  err?: { type?: string; message?: string }
  [field: string]: unknown
}

/** Each whole line as JSON; a line that is not JSON makes this throw, naming it. */
export function parseLogLines(text: string): LogRecord[] {
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogRecord
      } catch {
        throw new Error(`not a JSON log line: ${line}`)
      }
    })
}
