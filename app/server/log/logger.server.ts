/**
 * The server's one logger: a JSON line per event on stdout (time, level, msg, requestId), written
 * synchronously so a line survives process.exit. No visitor's name, e-mail or phone may reach it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import pino, { type Logger } from 'pino'
import { runtimeConfig } from '../config.server'

// The nitro plugins and the app are two bundles, each with its own copy of this module: both share one store.
const CONTEXT = Symbol.for('pressure-washing-site.request-context')
const LOGGER = Symbol.for('pressure-washing-site.logger')
type GlobalWithLog = typeof globalThis & {
  [CONTEXT]?: AsyncLocalStorage<{ requestId: string }>
  [LOGGER]?: Logger
}
const g = globalThis as GlobalWithLog
const requestContext = (g[CONTEXT] ??= new AsyncLocalStorage())

/** Accepted from a proxy as is; anything else could forge or break a log line, so it is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function requestIdFor(incoming: string | null): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work)
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g

/** Error text can quote a stored row (a database's "failing row contains ..."): e-mail addresses are masked. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[e-mail]')
}

/** Only type, code and message: driver errors carry `detail` and `parameters` with the visitor's fields. */
function safeError(error: unknown) {
  if (typeof error !== 'object' || error === null) return { message: maskEmails(String(error)) }
  // PGlite's file-system errors are plain objects ({ name: 'ErrnoError', errno }).
  const { name, message, code, errno } = error as Record<string, unknown>
  const text = typeof message === 'string' ? message : errno !== undefined ? `errno ${String(errno)}` : String(error)
  return {
    ...(typeof name === 'string' ? { type: name } : {}),
    message: maskEmails(text),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  }
}

function createLogger(): Logger {
  let level: string = 'info'
  try {
    level = runtimeConfig().logLevel
  } catch {
    // A bad variable is reported by the server entry, through this logger, at its default level.
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
    // Looked up on each write: tests can spy on process.stdout.write.
    { write: (line: string) => process.stdout.write(line) },
  )
}

export function logger(): Logger {
  g[LOGGER] ??= createLogger()
  return g[LOGGER]
}

const scoped = new Map<string, Logger>()

/** A named part of the server (`scope` in each line), e.g. `log('outbox').warn(...)`. */
export function log(scope: string): Logger {
  let child = scoped.get(scope)
  if (!child) scoped.set(scope, (child = logger().child({ scope })))
  return child
}
