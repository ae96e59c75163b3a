import { reviewsWidget } from '~/content/reviews-widget'

/** The map embed the contact block loads when the visitor asks for it (map-facade.tsx). */
export const MAP_EMBED_ORIGIN = 'https://www.google.com'

/**
 * The page's Content-Security-Policy: scripts from this origin or with this response's nonce (plus a
 * configured review widget), media from this origin and the featured videos' hosts only.
 */
export function contentSecurityPolicy(nonce: string | undefined, videoOrigins: readonly string[] = []): string {
  const widgetOrigin = reviewsWidget ? new URL(reviewsWidget.scriptUrl).origin : null
  const scriptSources = ["'self'", nonce ? `'nonce-${nonce}'` : null, widgetOrigin].filter(Boolean)
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    ["media-src 'self'", ...videoOrigins].join(' '),
    "font-src 'self'",
    `connect-src 'self'${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    `frame-src ${MAP_EMBED_ORIGIN}${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** An https origin made of plain host-name characters: nothing that could end or extend a CSP directive. */
const PLAIN_HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/

/**
 * The origins a media-src needs for these video addresses: https ones only (the site itself is served over
 * https, and anything else would be blocked as mixed content), each once, in a form CSP accepts. A host the
 * URL parser lets through but a header must not carry (`;`, `,`, quotes) is left out.
 */
export function videoOriginsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    if (!url) continue
    try {
      const parsed = new URL(url)
      if (PLAIN_HTTPS_ORIGIN.test(parsed.origin)) origins.add(parsed.origin)
    } catch {
      // Not an absolute address: a relative one is covered by 'self', garbage needs nothing.
    }
  }
  return [...origins]
}
