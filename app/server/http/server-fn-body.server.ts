import { fromJSON } from 'seroval'

export const MAX_SERVER_FN_BODY_BYTES = 16 * 1024

/** The site's plain data decodes without Start's seroval plugins. */
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
