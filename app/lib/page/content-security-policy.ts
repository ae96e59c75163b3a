import { reviewsWidget } from '~/content/reviews-widget'

export const MAP_EMBED_ORIGIN = 'https://www.google.com'

/** `formOrigins`: where a form may also send the browser (the pay page's "Pay by card" goes on to Stripe's page). */
export function contentSecurityPolicy(
  nonce: string | undefined,
  videoOrigins: readonly string[] = [],
  formOrigins: readonly string[] = [],
): string {
  const widgetOrigin = reviewsWidget ? new URL(reviewsWidget.scriptUrl).origin : null
  const scriptSources = ["'self'", nonce ? `'nonce-${nonce}'` : null, widgetOrigin].filter(Boolean)
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    // A font, media or connect source of only 'self' is default-src's: the header rides in each page's first
    // round trip.
    videoOrigins.length ? ["media-src 'self'", ...videoOrigins].join(' ') : null,
    widgetOrigin ? `connect-src 'self' ${widgetOrigin}` : null,
    `frame-src ${MAP_EMBED_ORIGIN}${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formOrigins].join(' '),
    "object-src 'none'",
  ]
    .filter(Boolean)
    .join('; ')
}

const PLAIN_HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/

export function videoOriginsOf(urls: readonly (string | null | undefined)[]): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    if (!url) continue
    try {
      const parsed = new URL(url)
      if (PLAIN_HTTPS_ORIGIN.test(parsed.origin)) origins.add(parsed.origin)
    } catch {
      // A relative address is covered by 'self'.
    }
  }
  return [...origins]
}
