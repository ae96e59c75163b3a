// What the visit arrived with, kept in sessionStorage by its first page (decision 047): one tab, one visit; no
// cookie, nothing across visits. In every page's entry, so valibot-free and tiny: the server checks it again.
import { CAMPAIGN_TAGS, VISIT_SOURCE_KEY } from './visit-source-constants'

// The server's limits (lead-source.ts): a longer click id is not one, a longer tag is cut there anyway.
const MAX_VALUE = 200

const siteHost = (host: string) => host.replace(/^www\./, '')

function arrivedWith(): string {
  const search = new URLSearchParams(location.search)
  const tags: Record<string, string> = {}
  for (const tag of CAMPAIGN_TAGS) {
    const value = search.get(tag)
    if (value && (value.length <= MAX_VALUE || tag.startsWith('utm_'))) tags[tag] = value.slice(0, MAX_VALUE)
  }
  let referrerHost = ''
  try {
    referrerHost = new URL(document.referrer).hostname
  } catch {
    // No referrer, or not an address.
  }
  // Our own pages refer to each other: only another site's host, never its path or query.
  if (siteHost(referrerHost) === siteHost(location.hostname)) referrerHost = ''
  return JSON.stringify({
    tags,
    landingPath: location.pathname.slice(0, MAX_VALUE),
    ...(referrerHost ? { referrerHost } : {}),
  })
}

/** The visit's source as JSON text, recorded on the first call of the visit and never replaced; '' without storage. */
export function visitSourceText(): string {
  // Safari's private mode and disabled storage throw: then the lead simply has no source.
  try {
    let text = sessionStorage.getItem(VISIT_SOURCE_KEY)
    if (text === null) sessionStorage.setItem(VISIT_SOURCE_KEY, (text = arrivedWith()))
    return text
  } catch {
    return ''
  }
}
