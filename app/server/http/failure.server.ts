// A stranger's guess (docs/decisions/052-hostile-input.md): a 404 and one info line.
import { log } from '../log/logger.server'

export function jsonError(status: number, error: string): Response {
  return Response.json({ success: false, error }, { status })
}

const pathOf = (request: Request) => new URL(request.url).pathname.slice(0, 120)

/** However often a stranger asks. */
export function unknownServerFn(request: Request): Response {
  log('http').info({ path: pathOf(request) }, '404 unknown server function')
  return jsonError(404, 'Not found')
}
