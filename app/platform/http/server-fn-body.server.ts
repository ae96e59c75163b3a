import { fromJSON } from 'seroval'

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

export async function isWellFormedServerFnBody(request: Request): Promise<boolean> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.includes('application/json')) return !contentType
  return decodesToObject(await request.clone().text())
}

// Start reads a GET call's form data only to throw for it (a 500 with its stack).
const FORM_TYPES = /multipart\/form-data|application\/x-www-form-urlencoded/i

/** A GET call's input is its `?payload=`, decoded as a POST's body is; none at all is a call without input. */
export function isWellFormedServerFnQuery(request: Request): boolean {
  if (FORM_TYPES.test(request.headers.get('content-type') ?? '')) return false
  const payload = new URL(request.url).searchParams.get('payload')
  return !payload || decodesToObject(payload)
}
