// The inbox's "Download won ad clicks (CSV)": the signed-in owner only, never cacheable.
import { getBackend, type Backend } from '../backend/backend.server'
import { conversions, conversionsCsv, conversionTime } from './conversions.server'
import { ownerAccess } from './owner-access.server'

/** Google Ads refuses a conversion whose click is older than 90 days: older wins would only be errors there. */
export const CONVERSIONS_DOWNLOAD_DAYS = 90

export async function ownerConversionsResponse(request: Request, backend: Backend = getBackend()): Promise<Response> {
  const headers = {
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
  }
  // The owner's own link, or the address typed: another site may not start the download with the owner's cookie.
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite === 'cross-site' || fetchSite === 'same-site')
    return new Response('Forbidden', { status: 403, headers })
  const access = await ownerAccess()
  if (!access) return new Response('Sign in first', { status: 401, headers })
  const since = new Date(Date.now() - CONVERSIONS_DOWNLOAD_DAYS * 86_400_000)
  const won = await conversions(await backend.db(), since.toISOString())
  const csv = conversionsCsv(won, backend.config.owner.conversionName)
  const day = conversionTime(new Date()).slice(0, 10)
  return new Response(csv, {
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="won-ad-clicks-${day}.csv"`,
    },
  })
}
