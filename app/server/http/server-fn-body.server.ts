import { fromJSON } from 'seroval'

/** Refused before they are read (server functions and the no-JavaScript form post). */
export const MAX_SERVER_FN_BODY_BYTES = 16 * 1024

/** Seroval JSON of `{ data, context }`; the site's plain data decodes without Start's plugins. */
export async function isWellFormedServerFnBody(request: Request): Promise<boolean> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.includes('application/json')) return !contentType
  try {
    const payload: unknown = fromJSON(JSON.parse(await request.clone().text()))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
  } catch {
    return false
  }
}
