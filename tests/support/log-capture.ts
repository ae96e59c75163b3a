import { vi } from 'vitest'
import { parseLogLines } from './log-lines'

/** Catches the server logger's JSON lines (app/platform/log/logger.server.ts) until restore(). */
export function captureLog() {
  const lines: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) => {
    const text = String(chunk)
    if (!text.startsWith('{')) return write(text, ...rest)
    lines.push(text)
    return true
  }) as typeof process.stdout.write)
  return {
    text: () => lines.join(''),
    records: () => parseLogLines(lines.join('')),
    restore: () => spy.mockRestore(),
  }
}
