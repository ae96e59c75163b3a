// A stranger's guess and the server's own failure (docs/decisions/052-hostile-input.md): a guess is a 404 and one
// info line; a failure is one error line and a generic answer, never the failure's own text.
import { log } from '../log/logger.server'

/** What the visitor reads when the server failed; the cause goes to the log. */
export const FAILED = 'Something went wrong. Please try again.'

export function jsonError(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status })
}

const pathOf = (request: Request) => new URL(request.url).pathname.slice(0, 120)

/** A stranger's request: one info line however often they ask, and a JSON error. */
const refusal = (status: 400 | 404, line: string, error: string) => (request: Request) => {
  log('http').info({ path: pathOf(request) }, `${status} ${line}`)
  return jsonError(status, error)
}

export const unknownServerFn = refusal(404, 'unknown server function', 'Not found')
/** Start's client sends `x-tsr-serverfn` with every call; without it Start answers as a raw call, text as a 500. */
export const notFromStartsClient = refusal(400, 'server function called without its header', 'Bad request')
/** A payload or body Start cannot decode: its parser would throw, a 500 quoting it and a stack in the log. */
export const malformedServerFnInput = refusal(400, 'malformed server-function payload', 'Bad request')

// The database out of reach (refused, dropped, shutting down): 503, worth a retry. Node's and PostgreSQL's codes.
const UNREACHABLE = /^(ECONN|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|08|57P0)/

/** Logs the one error line of a request that failed; its status, 503 or 500. */
export function failed(request: Request, error: unknown, what = `${request.method} failed`): 500 | 503 {
  const code = (error as { code?: unknown } | null)?.code
  const status = typeof code === 'string' && UNREACHABLE.test(code) ? 503 : 500
  log('http').error({ err: error, path: pathOf(request) }, `${status} ${what}`)
  return status
}
