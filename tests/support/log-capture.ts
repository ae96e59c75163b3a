import { onTestFinished, vi } from 'vitest'
import { parseLogLines } from './log-lines'

/** Catches the server logger's JSON lines (app/platform/log/logger.server.ts) until restore() or the test's end. */
export function captureLog() {
  const lines: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) => {
    const text = String(chunk)
    if (!text.startsWith('{')) return write(text, ...rest)
    lines.push(text)
    return true
  }) as typeof process.stdout.write)
  onTestFinished(() => spy.mockRestore())
  return {
    text: () => lines.join(''),
    records: () => parseLogLines(lines.join('')),
    restore: () => spy.mockRestore(),
  }
}
