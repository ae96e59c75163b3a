import { fromJSON } from 'seroval'
import { bodyLengthRefusal } from './body-length.server'
import { jsonError, malformedServerFnInput, notFromStartsClient } from './failure.server'
import { isSameOriginRequest } from './origin.server'

export const MAX_SERVER_FN_BODY_BYTES = 16 * 1024

/** Start reads its input as JSON, then seroval; the site's plain data decodes without Start's seroval plugins. */
function decodesToObject(text: string): boolean {
  try {
    const payload: unknown = fromJSON(JSON.parse(text))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
  } catch {
    return false
  }
}

async function isWellFormedServerFnBody(request: Request): Promise<boolean> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.includes('application/json')) return !contentType
  return decodesToObject(await request.clone().text())
}

// Start reads a GET call's form data only to throw for it (a 500 with its stack).
const FORM_TYPES = /multipart\/form-data|application\/x-www-form-urlencoded/i

/** A GET call's input is its `?payload=`, decoded as a POST's body is; none at all is a call without input. */
function isWellFormedServerFnQuery(request: Request): boolean {
  if (FORM_TYPES.test(request.headers.get('content-type') ?? '')) return false
  const payload = new URL(request.url).searchParams.get('payload')
  return !payload || decodesToObject(payload)
}

/** A browser call Start must not read, answered before it does (decision 052); null lets it through. */
export async function refusedServerFn(request: Request): Promise<Response | null> {
  // Replaces Start's CSRF guard: ours knows the public origin behind a proxy.
  if (!isSameOriginRequest(request)) return jsonError(403, 'Forbidden')
  if (request.headers.get('x-tsr-serverfn') !== 'true') return notFromStartsClient(request)
  const refused = request.method === 'POST' && bodyLengthRefusal(request, MAX_SERVER_FN_BODY_BYTES)
  if (refused) return jsonError(refused.status, refused.error)
  if (request.method !== 'GET' && request.method !== 'POST') return null
  // Input Start cannot decode is a 400 and one info line, before Start's parser throws for it.
  if (request.method === 'GET' ? isWellFormedServerFnQuery(request) : await isWellFormedServerFnBody(request))
    return null
  if (request.signal.aborted) throw request.signal.reason // a hang-up, logged as one by the server entry
  return malformedServerFnInput(request)
}
