import { fromJSON } from 'seroval'

/**
 * Whether a server-function POST body is one Start can decode: JSON in Seroval's format whose value is
 * `{ data, context }`. The site's functions take plain data, which decodes without Start's plugins.
 */
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
