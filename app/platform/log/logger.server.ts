// Synchronous, so a line survives process.exit; never a visitor's name, e-mail or phone.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import pino, { type Logger } from 'pino'
import { runtimeConfig } from '../config.server'

// The nitro plugins and the app are two bundles: both copies share one store.
const CONTEXT = Symbol.for('pressure-washing-site.request-context')
const LOGGER = Symbol.for('pressure-washing-site.logger')
type GlobalWithLog = typeof globalThis & {
  [CONTEXT]?: AsyncLocalStorage<{ requestId: string }>
  [LOGGER]?: Logger
}
const g = globalThis as GlobalWithLog
const requestContext = (g[CONTEXT] ??= new AsyncLocalStorage())

/** Else replaced: a proxy's id could forge a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function requestIdFor(incoming: string | null): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work)
}

/** For background work a request only woke, so its lines name no request. */
export function outsideRequest<T>(work: () => T): T {
  return requestContext.exit(work)
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g

/** Error text can quote a stored row. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[e-mail]')
}

/** Driver errors carry the visitor's fields in `detail` and `parameters`. */
function safeError(error: unknown) {
  if (typeof error !== 'object' || error === null) return { message: maskEmails(String(error)) }
  // PGlite's file-system errors are plain objects.
  const { name, message, code, errno } = error as Record<string, unknown>
  const text = typeof message === 'string' ? message : errno !== undefined ? `errno ${String(errno)}` : String(error)
  return {
    ...(typeof name === 'string' ? { type: name } : {}),
    message: maskEmails(text),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  }
}

function createLogger(): Logger {
  // Else a closed pipe's error loops through Nitro's error trap, which logs it: 100% CPU.
  let outputGone = false
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => (outputGone = true))
  let level: string = 'info'
  try {
    level = runtimeConfig().logLevel
  } catch {
    // The server entry reports a bad variable.
  }
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: safeError, recoveryErr: safeError },
      mixin: () => {
        const context = requestContext.getStore()
        return context ? { requestId: context.requestId } : {}
      },
    },
    // Looked up per write: tests spy on it.
    { write: (line: string) => outputGone || process.stdout.write(line) },
  )
}

export function logger(): Logger {
  g[LOGGER] ??= createLogger()
  return g[LOGGER]
}

const scoped = new Map<string, Logger>()

export function log(scope: string): Logger {
  let child = scoped.get(scope)
  if (!child) scoped.set(scope, (child = logger().child({ scope })))
  return child
}
