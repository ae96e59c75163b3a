import { test } from '@playwright/test'
import { startSiteProcess, type SiteProcess, type SiteProcessOptions } from '../../tests/support/site-process'

export interface SiteServer extends SiteProcess {
  /** stdout's JSON log lines (app/server/log/logger.server.ts). */
  records: () => LogRecord[]
}

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

/** The lines of one part of the server whose message matches. */
export function logged(records: LogRecord[], scope: string, msg: RegExp | string): LogRecord[] {
  return records.filter(
    (record) => record.scope === scope && (typeof msg === 'string' ? record.msg === msg : msg.test(record.msg)),
  )
}

/**
 * Returns once the server has rendered its first page itself, so a test times its own steps, not the start.
 * Starting has taken 20 s on a loaded machine, so it adds startMs (60 s) to the caller's timeout.
 */
export async function startSiteServer(
  env: Record<string, string> = {},
  options: Pick<SiteProcessOptions, 'startMs' | 'outputDir' | 'cwd'> = {},
): Promise<SiteServer> {
  const startMs = options.startMs ?? 60_000
  test.info().setTimeout(test.info().timeout + startMs)
  // As playwright.config.ts: a valid token is still required, the fill time only where a test sets it.
  const site = await startSiteProcess({ QUOTE_MIN_FILL_MS: '0', ...env }, { ...options, startMs })
  return { ...site, records: () => parseLogLines(site.stdout()) }
}
