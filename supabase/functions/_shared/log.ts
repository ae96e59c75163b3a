/** Logging that never prints a secret, a bearer token or a URL password. */
import { secretValues } from './env.ts'

const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi
const CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu

export function redact(text: string): string {
  let out = text
  for (const secret of secretValues()) out = out.split(secret).join('[redacted]')
  return out.replace(BEARER, '$1[redacted]').replace(URL_PASSWORD, '$1[redacted]@')
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** Control characters flattened, so no one can forge a log line. */
export function line(parts: unknown[]): string {
  const text = redact(parts.map(describe).join(' ')).replace(CONTROL, ' ')
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text
}

export const log = {
  info: (...parts: unknown[]) => console.info(line(parts)),
  warn: (...parts: unknown[]) => console.warn(line(parts)),
  error: (...parts: unknown[]) => console.error(line(parts)),
}

export function errorMessage(error: unknown): string {
  return line([error])
}

let installed = false

/** So no library's log line (nodemailer, postgres…) can print a secret either. */
export function installRedactingConsole(): void {
  if (installed) return
  installed = true
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console)
    console[method] = (...parts: unknown[]) => original(line(parts))
  }
}
