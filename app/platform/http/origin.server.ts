import { buildEnv } from '~/content/build-env'
import { fromTrustedProxy } from './visitor-address.server'

/** The right-most entry, written by the nearest proxy. */
function nearest(value: string | null): string | undefined {
  return value?.split(',').at(-1)?.trim() || undefined
}

function publicOrigins(request: Request): string[] {
  const url = new URL(request.url)
  const proxied = fromTrustedProxy(request)
  const proto = proxied ? nearest(request.headers.get('x-forwarded-proto')) : undefined
  const forwardedHost = proxied ? nearest(request.headers.get('x-forwarded-host')) : undefined
  const host = forwardedHost ?? request.headers.get('host') ?? url.host
  const origins = [proto === 'https' || proto === 'http' ? `${proto}://${host}`.toLowerCase() : url.origin]
  const siteUrl = buildEnv.SITE_URL?.trim()
  // An unusable SITE_URL adds nothing.
  if (siteUrl && URL.canParse(siteUrl)) origins.push(new URL(siteUrl).origin)
  return origins
}

/** A request with no Sec-Fetch-Site, Origin or Referer is refused. */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite !== null) return fetchSite === 'same-origin'
  const referer = request.headers.get('referer') ?? ''
  const source = request.headers.get('origin') ?? (URL.canParse(referer) ? new URL(referer).origin : undefined)
  if (!source) return false
  return publicOrigins(request).includes(source.toLowerCase())
}
