/** A customer's link page (/quote/<token>, /pay/<token>, /come-back/…) is theirs alone: never stored by a cache,
 * never indexed, never sent as a Referer. Routes send it too, so it lives outside the server code. */
export const LINK_PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
} as const
