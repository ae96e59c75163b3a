// Notes what a visit arrived with (decision 047); loaded once the first page has hydrated, out of every page's
// entry. The server checks all of it again.
import { CAMPAIGN_TAGS, VISIT_SOURCE_KEY } from './visit-source-constants'

// The server's limits (lead-source.ts): a longer click id is not one, a longer tag is cut there anyway.
const MAX_VALUE = 200

const siteHost = (host: string) => host.replace(/^www\./, '')

function arrivedWith(landing: URL, referrer: string): string {
  const tags: Record<string, string> = {}
  for (const tag of CAMPAIGN_TAGS) {
    const value = landing.searchParams.get(tag)
    if (value && (value.length <= MAX_VALUE || tag.startsWith('utm_'))) tags[tag] = value.slice(0, MAX_VALUE)
  }
  let referrerHost = ''
  try {
    referrerHost = new URL(referrer).hostname
  } catch {
    // No referrer, or not an address.
  }
  // Our own pages refer to each other: only another site's host, never its path or query.
  if (siteHost(referrerHost) === siteHost(landing.hostname)) referrerHost = ''
  return JSON.stringify({
    tags,
    landingPath: landing.pathname.slice(0, MAX_VALUE),
    ...(referrerHost ? { referrerHost } : {}),
  })
}

/** Records the visit's first page once; later pages of the visit never replace it. */
export function recordVisitSource(landingHref: string, referrer: string): void {
  // Safari's private mode and disabled storage throw: then the lead simply has no source.
  try {
    if (sessionStorage.getItem(VISIT_SOURCE_KEY) === null)
      sessionStorage.setItem(VISIT_SOURCE_KEY, arrivedWith(new URL(landingHref), referrer))
  } catch {
    // Nothing kept: the lead is stored without a source.
  }
}
